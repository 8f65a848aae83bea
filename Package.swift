// swift-tools-version: 6.1
import PackageDescription

// TrackPipe — a plugin-based GPS signal-processing toolkit.
// Every build links GSL (GPL), so the whole package is GPL-3.0-or-later.
let package = Package(
    name: "TrackPipe",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TrackPipe", targets: ["TrackPipe"]),
        .library(name: "TrackPipeIO", targets: ["TrackPipeIO"]),
        .library(name: "TrackPipeStages", targets: ["TrackPipeStages"]),
        .executable(name: "trackpipe", targets: ["trackpipe"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"])]
        ),
        // libxml2's SAX2 parser for GPX: a well-kept C parser, streaming, >100 MB/s.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(
            name: "TrackPipe",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(name: "TrackPipeIO", dependencies: ["TrackPipe", "CLibXML2"]),
        .target(name: "TrackPipeStages", dependencies: ["TrackPipe", "CGSL"]),
        .executableTarget(
            name: "trackpipe",
            dependencies: [
                "TrackPipe", "TrackPipeIO", "TrackPipeStages",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A third-party stage, outside the library, proving the plugin API.
        .target(name: "CustomStage", dependencies: ["TrackPipe"], path: "Examples/CustomStage"),
        .testTarget(name: "TrackPipeTests", dependencies: ["TrackPipe", "TrackPipeStages", "TrackPipeIO", "CustomStage"]),
        .testTarget(name: "TrackPipeIOTests", dependencies: ["TrackPipe", "TrackPipeIO"]),
        .testTarget(name: "TrackPipeStagesTests", dependencies: ["TrackPipe", "TrackPipeStages", "TrackPipeIO"]),
        .testTarget(name: "trackpipeTests", dependencies: ["trackpipe", "TrackPipe"]),
    ],
    swiftLanguageModes: [.v6]
)
