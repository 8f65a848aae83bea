import Benchmark
import Foundation
import TrackPipe
import TrackPipeIO
import TrackPipeStages

/// Geodesy, and whole pipelines on the 2300-fix reference run (the size of an unfiltered 6 km run at 1 Hz):
/// the default pipeline offline, and its causal stages live, fix by fix.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .throughput], maxDuration: .seconds(2))

    // ../shared beside the repository: Benchmarks/Benchmarks/PipelineBenchmarks/this file → up five.
    let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared")
    let referencePath = shared.appendingPathComponent("reference/kalman/input_2300.gpx").path
    guard let track = try? TrackReader.read(path: referencePath), let registry = try? StageRegistry.builtIn(),
          let pipeline = try? Pipeline.load(Array(PresetPipelines.defaultSpec.utf8), registry: registry).get()
    else {
        fatalError("benchmark setup: cannot read \(referencePath) or build the default pipeline")
    }
    let fixes = track.fixes

    for formula in DistanceFormula.allCases {
        Benchmark("distance \(formula.rawValue) 2300 fixes") { benchmark in
            for _ in benchmark.scaledIterations {
                var total = 0.0
                for i in 1..<fixes.count { total += Geodesy.distance(fixes[i - 1].point, fixes[i].point, formula: formula) }
                blackHole(total)
            }
        }
    }

    Benchmark("default pipeline offline 2300 fixes") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try pipeline.run(track))
        }
    }

    let causal = pipeline.causalPart()
    Benchmark("default pipeline live (causal stages) 2300 fixes") { benchmark in
        var outputs: [LivePipeline.Output] = []  // one buffer, cleared per push, as a streaming host would
        for _ in benchmark.scaledIterations {
            var live = try causal.live()
            var n = 0
            for fix in fixes {
                outputs.removeAll(keepingCapacity: true)
                try live.push(fix, into: &outputs)
                n += outputs.count
            }
            n += try live.finish().count
            blackHole(n)
        }
    }

    for step in pipeline.steps {
        let label = step.label
        Benchmark("stage \(label) 2300 fixes") { benchmark in
            let input = StageInput(track: track, context: StageContext(label: label))
            for _ in benchmark.scaledIterations {
                blackHole(try step.stage.run(input))
            }
        }
    }
}
