// swift-tools-version: 6.1
import PackageDescription

// TrackPipe's benchmarks, a package of their own so the main package builds fast.
// Run: cd Benchmarks && swift package --disable-sandbox benchmark
// (malloc counts come from the MallocInterposer trait; no jemalloc needed)
let package = Package(
    name: "TrackPipeBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "TrackPipe", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "PipelineBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TrackPipe", package: "TrackPipe"),
                .product(name: "TrackPipeStages", package: "TrackPipe"),
                .product(name: "TrackPipeIO", package: "TrackPipe"),
            ],
            path: "Benchmarks/PipelineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "KalmanBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TrackPipe", package: "TrackPipe"),
                .product(name: "TrackPipeStages", package: "TrackPipe"),
            ],
            path: "Benchmarks/KalmanBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "GPXBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TrackPipe", package: "TrackPipe"),
                .product(name: "TrackPipeIO", package: "TrackPipe"),
            ],
            path: "Benchmarks/GPXBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "TrackPipe", package: "TrackPipe"),
                .product(name: "TrackPipeStages", package: "TrackPipe"),
                .product(name: "TrackPipeIO", package: "TrackPipe"),
            ],
            path: "Benchmarks/BenchmarkSupport"
        ),
        .executableTarget(
            name: "FilterBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TrackPipe", package: "TrackPipe"),
                .product(name: "TrackPipeStages", package: "TrackPipe"),
            ],
            path: "Benchmarks/FilterBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "MeasureBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TrackPipe", package: "TrackPipe"),
                .product(name: "TrackPipeStages", package: "TrackPipe"),
            ],
            path: "Benchmarks/MeasureBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SimulatorBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TrackPipe", package: "TrackPipe"),
                .product(name: "TrackPipeStages", package: "TrackPipe"),
                .product(name: "TrackPipeIO", package: "TrackPipe"),
            ],
            path: "Benchmarks/SimulatorBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
