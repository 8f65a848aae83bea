// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets for TrackPipe's untrusted-input entry points (the readers, the spec loader, the badge
// catalog and the default pipeline on a read track). Build and run with ./run.sh and ./smoke.sh, which pass
// the flags this needs (`-sanitize=fuzzer,address -parse-as-library`); a plain `swift build` here links no
// fuzzer and is not useful. See README.md.
let package = Package(
    name: "TrackPipeFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "TrackPipe", path: ".."),
    ],
    targets: [
        // Declarations of libFuzzer's driver entry (LLVMFuzzerRunDriver) and of the per-target test function.
        .systemLibrary(name: "CLibFuzzer"),
        .target(
            name: "FuzzCommon",
            dependencies: [
                "CLibFuzzer",
                .product(name: "TrackPipe", package: "TrackPipe"),
                .product(name: "TrackPipeIO", package: "TrackPipe"),
                .product(name: "TrackPipeStages", package: "TrackPipe"),
            ]
        ),
        .executableTarget(name: "FuzzGPX", dependencies: ["FuzzCommon"]),
        .executableTarget(name: "FuzzTCX", dependencies: ["FuzzCommon"]),
        .executableTarget(name: "FuzzFIT", dependencies: ["FuzzCommon"]),
        .executableTarget(name: "FuzzCSV", dependencies: ["FuzzCommon"]),
        .executableTarget(name: "FuzzGeoJSON", dependencies: ["FuzzCommon"]),
        .executableTarget(name: "FuzzNMEA", dependencies: ["FuzzCommon"]),
        .executableTarget(name: "FuzzGnssLogger", dependencies: ["FuzzCommon"]),
        .executableTarget(name: "FuzzNDJSON", dependencies: ["FuzzCommon"]),
        .executableTarget(name: "FuzzDetect", dependencies: ["FuzzCommon"]),
        .executableTarget(name: "FuzzSpec", dependencies: ["FuzzCommon"]),
        .executableTarget(name: "FuzzBadgeCatalog", dependencies: ["FuzzCommon"]),
        .executableTarget(name: "FuzzTrackPipeline", dependencies: ["FuzzCommon"]),
    ],
    swiftLanguageModes: [.v6]
)
