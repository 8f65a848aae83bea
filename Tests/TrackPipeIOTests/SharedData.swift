import Foundation
import Testing

/// Paths into the shared, read-only datasets (`../shared` next to the package root). Never skipped: when the
/// folder is missing the test fails saying so (CI always has it).
enum SharedData {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let root = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    struct Missing: Error, CustomStringConvertible {
        var path: String
        var description: String { "shared dataset file \(path) is missing: the tests need ../shared next to the package root" }
    }

    /// The absolute path of `relative` under ../shared; records an issue and throws when it does not exist.
    static func path(_ relative: String) throws -> String {
        let p = root.appendingPathComponent(relative).path
        guard FileManager.default.fileExists(atPath: p) else {
            Issue.record("missing \(p): the tests need ../shared next to the package root")
            throw Missing(path: p)
        }
        return p
    }

    static func real(_ relative: String) throws -> String { try path("datasets/real/" + relative) }
}

/// `2021-07-21T12:37:41Z`-style times computed with Foundation's own calendar, independent of ISO8601Time.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Double) -> Double {
    var c = DateComponents()
    c.year = year; c.month = month; c.day = day; c.hour = hour; c.minute = minute; c.second = 0
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
    return (cal.date(from: c)?.timeIntervalSince1970 ?? .nan) + second
}
