import Benchmark
import BenchmarkSupport
import TrackPipe
import TrackPipeLab
import TrackPipeIO
import TrackPipeStages

/// The simulator and the scoring of `trackpipe compare`, at the size of the committed datasets (2300 fixes,
/// an unfiltered 6 km run at 1 Hz; datasets/open-park.gpx and its truth file).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = BenchmarkPolicy.configuration()

    Benchmark("simulate 2300 fixes city-loop (all default effects)") { benchmark in
        let route = try RouteScenario.cityLoop.route()
        for _ in benchmark.scaledIterations {
            blackHole(try RunSimulator(seed: 7).simulate(route: route))
        }
    }

    Benchmark("simulate 23000 fixes park-loop (all default effects)") { benchmark in
        var parameters = SimulationParameters()
        parameters.fixCount = 23_000
        let route = try RouteScenario.parkLoop.route()
        for _ in benchmark.scaledIterations {
            blackHole(try RunSimulator(parameters: parameters, seed: 7).simulate(route: route))
        }
    }

    // The open-park dataset, its truth, and the default pipeline's result on it.
    let path = BenchmarkData.path("open-park.gpx", in: .datasets)
    let pipeline = BenchmarkData.defaultPipeline()

    Benchmark("load dataset + truth (open-park, 2300 fixes)") { benchmark in
        for _ in benchmark.scaledIterations {
            let track = try TrackReader.read(path: path)
            blackHole(try DatasetTruth.load(for: track, trackPath: path))
        }
    }

    Benchmark("score default pipeline result (open-park)") { benchmark in
        let track = try TrackReader.read(path: path)
        let truth = try DatasetTruth.load(for: track, trackPath: path)
        let result = try pipeline.run(track)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(RunScorer.score(result, truth: truth))
        }
    }

    Benchmark("compare default on open-park (run + score)") { benchmark in
        let track = try TrackReader.read(path: path)
        let truth = try DatasetTruth.load(for: track, trackPath: path)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(RunScorer.score(try pipeline.run(track), truth: truth))
        }
    }
}
