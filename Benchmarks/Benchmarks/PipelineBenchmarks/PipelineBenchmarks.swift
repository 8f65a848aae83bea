import Benchmark
import TrackPipe

/// Geodesy and runner overhead on a 2300-fix run (the size of an unfiltered 6 km run at 1 Hz).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .throughput], maxDuration: .seconds(2))

    // A 2300-fix run north-east out of a park, about 2.6 m per fix.
    let fixes: [Fix] = (0..<2300).map {
        Fix(time: 1_700_000_000 + Double($0), latitude: 51.5 + Double($0) * 0.00002, longitude: -0.1 + Double($0) * 0.00002,
            horizontalAccuracy: 5, sourceIndex: $0)
    }

    for formula in DistanceFormula.allCases {
        Benchmark("distance \(formula.rawValue) 2300 fixes") { benchmark in
            for _ in benchmark.scaledIterations {
                var total = 0.0
                for i in 1..<fixes.count { total += Geodesy.distance(fixes[i - 1].point, fixes[i].point, formula: formula) }
                blackHole(total)
            }
        }
    }
}
