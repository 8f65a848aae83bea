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

    Benchmark(BenchmarkPolicy.name("simulate", "city-loop", 2300)) { benchmark in
        let route = try RouteScenario.cityLoop.route()
        for _ in benchmark.scaledIterations {
            blackHole(try RunSimulator(seed: 7).simulate(route: route))
        }
    }

    Benchmark(BenchmarkPolicy.name("simulate", "park-loop", 23_000)) { benchmark in
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

    Benchmark(BenchmarkPolicy.name("load-track-and-truth", "open-park")) { benchmark in
        for _ in benchmark.scaledIterations {
            let track = try TrackReader.read(path: path)
            blackHole(try DatasetTruth.load(for: track, trackPath: path))
        }
    }

    Benchmark(BenchmarkPolicy.name("score", "default-pipeline-result", "open-park")) { benchmark in
        let track = try TrackReader.read(path: path)
        let truth = try DatasetTruth.load(for: track, trackPath: path)
        let result = try pipeline.run(track)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(RunScorer.score(result, truth: truth))
        }
    }

    Benchmark(BenchmarkPolicy.name("compare", "default-pipeline", "open-park")) { benchmark in
        let track = try TrackReader.read(path: path)
        let truth = try DatasetTruth.load(for: track, trackPath: path)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(RunScorer.score(try pipeline.run(track), truth: truth))
        }
    }
}
