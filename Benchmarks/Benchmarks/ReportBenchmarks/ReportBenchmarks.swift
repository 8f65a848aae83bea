import Benchmark
import BenchmarkSupport
import TrackPipe
import TrackPipeIO
import TrackPipeStages

/// The HTML report (`trackpipe run --html`): building the page for the default pipeline's result on the
/// 2300-record reference run — every recorded fix, the pace-coloured route, 2300 moved fixes, the drops,
/// pauses and charts. Issue 14's target: at most 20 ms added to `trackpipe run`. Split and badge markers come
/// from the command line and are left out here (a few dozen at most).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = BenchmarkPolicy.configuration()

    let track = BenchmarkData.referenceRun()
    let pipeline = BenchmarkData.defaultPipeline()
    guard let result = try? pipeline.run(track) else { fatalError("the default pipeline failed on the reference run") }
    let view = RunReportView(name: "input_2300.gpx", recorded: track, result: result)

    Benchmark(BenchmarkPolicy.name("report", "HTML", "reference-\(track.fixes.count)")) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(HTMLReport.run([view], provenance: result.provenance, units: .metric))
        }
    }
}
