import Foundation
import TestSupport

/// The system's headless chromium, for the browser test of the HTML reports (Debian's `chromium`, which
/// `.ci/setup` installs). `CHROMIUM` names another binary.
enum Chromium {
    static let path: String? = {
        let candidates = [ProcessInfo.processInfo.environment["CHROMIUM"], "/usr/bin/chromium", "/usr/bin/chromium-browser"]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The window every page is opened in: the dump and the screenshot must lay out alike.
    static let windowSize = (width: 1280, height: 1000)

    /// Runs chromium headless on `page` with `arguments`, in a profile of its own (tests run in parallel), and
    /// returns its standard output.
    static func run(_ page: URL, _ arguments: [String]) throws -> String {
        guard let path else { throw CocoaError(.fileNoSuchFile) }
        let profile = try Scratch.directory("chromium-profile")
        defer { try? FileManager.default.removeItem(at: profile) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                       "--user-data-dir=\(profile.path)", "--window-size=\(windowSize.width),\(windowSize.height)",
                       "--virtual-time-budget=10000"] + arguments + [page.absoluteString]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The page's DOM after its scripts ran, serialised.
    static func dumpDOM(_ page: URL) throws -> String { try run(page, ["--dump-dom"]) }

    /// A screenshot of the page's first screen.
    static func screenshot(_ page: URL, to png: URL) throws -> PNGImage {
        _ = try run(page, ["--screenshot=\(png.path)"])
        return try PNGImage(Array(try Data(contentsOf: png)))
    }
}
