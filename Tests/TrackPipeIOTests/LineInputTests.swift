import Foundation
import TestSupport
import Testing
import TrackPipeIO

/// `LineInput`: the lines of a descriptor as `readLine(strippingNewline: true)` would give them, across read
/// blocks, with the wait hook called before reads and a bound on line length.
@Suite struct LineInputTests {
    /// The lines `LineInput` hands over for `bytes` (read from a file), and how often it was about to wait.
    static func lines(_ bytes: [UInt8], lineLimit: Int = 16 << 20) throws -> (lines: [[UInt8]], waits: Int) {
        let url = try Scratch.path("lines")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let fd = open(url.path, O_RDONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        var lines: [[UInt8]] = [], waits = 0
        try LineInput(fd: fd, name: "test input", lineLimit: lineLimit).forEachLine(beforeWaiting: { waits += 1 }) {
            lines.append(Array($0))
        }
        return (lines, waits)
    }

    @Test(arguments: [
        ("a\nb\r\n\nlast", ["a", "b", "", "last"]), ("", []), ("\n", [""]), ("x\n", ["x"]), ("x\r\n\r\n", ["x", ""]),
        ("one\rtwo\n", ["one\rtwo"]), ("caf\u{E9}\n\u{2028}\n", ["caf\u{E9}", "\u{2028}"]),
    ])
    func splitsAtLineFeedsAndDropsTheCarriageReturnBeforeThem(text: String, expected: [String]) throws {
        let got = try Self.lines(Array(text.utf8))
        #expect(got.lines.map { String(decoding: $0, as: UTF8.self) } == expected)
        #expect(got.waits >= 1)
    }

    /// Lines across and beyond the 64 KiB block: every byte arrives, in order, whatever the block boundaries.
    @Test func linesLongerThanABlockAndAcrossBlocksArriveWhole() throws {
        var bytes: [UInt8] = [], expected: [[UInt8]] = []
        for (n, length) in [65_535, 65_536, 200_001, 3, 0, 70_000].enumerated() {
            let line = (0..<length).map { UInt8(97 + ($0 + n) % 26) }
            expected.append(line)
            bytes += line + [10]
        }
        let got = try Self.lines(bytes)
        #expect(got.lines == expected)
        #expect(got.waits >= 6)  // at least one wait per 64 KiB read
    }

    @Test func aLineBeyondTheLimitIsAnErrorNamingIt() throws {
        let bytes = Array("short\n".utf8) + [UInt8](repeating: 120, count: 300_000) + [10]
        #expect(throws: TrackReadError.self) { try Self.lines(bytes, lineLimit: 100_000) }
        do {
            _ = try Self.lines(bytes, lineLimit: 100_000)
        } catch {
            #expect("\(error)".contains("line 2 is longer than 100000 bytes"))
        }
        // The bound is exact: a line of the limit passes, one byte more does not, with or without a line end.
        let limit = 1000
        let atLimit = [UInt8](repeating: 120, count: limit)
        #expect(try Self.lines(atLimit + [10] + atLimit, lineLimit: limit).lines == [atLimit, atLimit])
        #expect(try Self.lines(atLimit + [13, 10], lineLimit: limit).lines == [atLimit])
        #expect(throws: TrackReadError.self) { try Self.lines(atLimit + [120, 10], lineLimit: limit) }
        #expect(throws: TrackReadError.self) { try Self.lines(Array("a\n".utf8) + atLimit + [120], lineLimit: limit) }
    }
}
