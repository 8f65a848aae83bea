// swift-tools-version: 6.1
import PackageDescription

// TrackPipe's benchmarks, a package of their own so the main package builds fast. How to run them, what each
// target measures, the current figures and the committed thresholds (Thresholds/): README.md here.
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
        // The one locator for the inputs (Tests/Data and datasets/ of the repository), the shared setup, and
        // the metrics and threshold tolerances every benchmark uses.
        // glibc's mallopt, to set up the allocator as the command-line tool does (BenchmarkPolicy).
        .systemLibrary(name: "CBenchmarkMalloc", path: "Benchmarks/CBenchmarkMalloc"),
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                "CBenchmarkMalloc",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TrackPipe", package: "TrackPipe"),
                .product(name: "TrackPipeStages", package: "TrackPipe"),
                .product(name: "TrackPipeIO", package: "TrackPipe"),
            ],
            path: "Benchmarks/BenchmarkSupport"
        ),
        benchmarkTarget("PipelineBenchmarks", ["TrackPipe", "TrackPipeStages"]),
        benchmarkTarget("FilterBenchmarks", ["TrackPipe", "TrackPipeStages", "TrackPipeLab"]),
        benchmarkTarget("MeasureBenchmarks", ["TrackPipe", "TrackPipeStages"]),
        benchmarkTarget("KalmanBenchmarks", ["TrackPipe", "TrackPipeStages"]),
        benchmarkTarget("GPXBenchmarks", ["TrackPipe", "TrackPipeIO"]),
        benchmarkTarget("ReportBenchmarks", ["TrackPipe", "TrackPipeStages", "TrackPipeIO"]),
        benchmarkTarget("SimulatorBenchmarks", ["TrackPipe", "TrackPipeStages", "TrackPipeIO", "TrackPipeLab"]),
    ]
)

/// A benchmark executable in Benchmarks/NAME, run by package-benchmark's plugin, with BenchmarkSupport and the
/// TrackPipe `products` it measures.
func benchmarkTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["BenchmarkSupport", .product(name: "Benchmark", package: "benchmark")]
            + products.map { .product(name: $0, package: "TrackPipe") },
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}
