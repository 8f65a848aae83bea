import BenchmarkSupport
import Benchmark
import TrackPipe
import TrackPipeStages

/// The measuring stages — distance, splits, badges — alone with their default parameters on the 2300-record
/// reference run, offline and live (a one-stage ``LivePipeline``), and ``DistanceAccumulator`` on its own.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = BenchmarkPolicy.configuration()

    let track = BenchmarkData.referenceRun()
    let fixes = track.fixes
    for name in ["distance", "splits", "badges"] {
        let pipeline = BenchmarkData.singleStage(name)
        let stage = pipeline.steps[0].stage
        let input = BenchmarkData.offlineInput(pipeline, track)
        Benchmark(BenchmarkPolicy.name(name, "reference-\(fixes.count)", "offline")) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try stage.run(input))
            }
        }
        Benchmark(BenchmarkPolicy.name(name, "reference-\(fixes.count)", "live")) { benchmark in
            var buffer: [LivePipeline.Output] = []
            for _ in benchmark.scaledIterations {
                var live = try pipeline.live(activity: track.activity)
                blackHole(try BenchmarkData.pushAll(fixes, into: &live, buffer: &buffer))
            }
        }
    }

    for formula in DistanceFormula.allCases {
        Benchmark(BenchmarkPolicy.name("DistanceAccumulator", formula.rawValue, "reference-\(fixes.count)")) { benchmark in
            for _ in benchmark.scaledIterations {
                var accumulator = DistanceAccumulator(formula: formula)
                for fix in fixes { accumulator.add(fix) }
                blackHole(accumulator.distance)
            }
        }
    }
}
