import Benchmark
import BenchmarkSupport
import TrackPipe
import TrackPipeStages

/// Geodesy, and whole pipelines on the 2300-record reference run (Tests/Data/reference/kalman/input_2300.gpx,
/// the size of an unfiltered 6 km run at 1 Hz): the default pipeline offline, its causal stages live, fix by
/// fix, and each of its stages alone on the raw track.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = BenchmarkPolicy.configuration()

    let track = BenchmarkData.referenceRun()
    let pipeline = BenchmarkData.defaultPipeline()
    let fixes = track.fixes

    for formula in DistanceFormula.allCases {
        Benchmark(BenchmarkPolicy.name("Geodesy-distance", formula.rawValue, "reference-\(fixes.count)")) { benchmark in
            for _ in benchmark.scaledIterations {
                var total = 0.0
                for i in 1..<fixes.count { total += Geodesy.distance(fixes[i - 1].point, fixes[i].point, formula: formula) }
                blackHole(total)
            }
        }
    }

    Benchmark(BenchmarkPolicy.name("default-pipeline", "reference-\(fixes.count)", "offline")) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try pipeline.run(track))
        }
    }

    let causal = pipeline.causalPart()
    Benchmark(BenchmarkPolicy.name("default-pipeline", "reference-\(fixes.count)", "live-causal-stages")) { benchmark in
        var buffer: [LivePipeline.Output] = []
        for _ in benchmark.scaledIterations {
            var live = try causal.live()
            blackHole(try BenchmarkData.pushAll(fixes, into: &live, buffer: &buffer))
        }
    }

    for step in pipeline.steps {
        let input = StageInput(track: track, context: StageContext(label: step.label))
        Benchmark(BenchmarkPolicy.name("default-pipeline-stage", step.label, "reference-\(fixes.count)")) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try step.stage.run(input))
            }
        }
    }
}
