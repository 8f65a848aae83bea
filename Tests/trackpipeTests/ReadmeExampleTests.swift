import Foundation
import Testing
import TestSupport

/// The README's first example is what `trackpipe run` prints today: its command is run in a copy of `datasets/`
/// and every line of the output block must match, except the stage times (which vary from run to run). The
/// front page had said 6.36 km for a run the tool measured 6.35 km.
@Suite struct ReadmeExampleTests {
    /// A line with the stage table's time column (`96 µs`, `1.7 ms`) blanked and runs of spaces made one (the
    /// table's columns are as wide as their widest time).
    static func withoutTimes(_ line: Substring) -> String {
        line.replacingOccurrences(of: #"\s+[0-9.]+ (µs|ms|s)(?=\s|$)"#, with: " <time>", options: .regularExpression)
            .replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression)
    }

    @Test func runExampleIsWhatTheToolPrints() throws {
        let readme = try String(contentsOf: TestData.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let prompt = "$ trackpipe "
        let start = try #require(readme.range(of: "```\n" + prompt))
        let block = readme[start.upperBound...]
        let end = try #require(block.range(of: "\n```"))
        let lines = block[..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        let command = lines[0].split(separator: " ").map(String.init)
        let expected = lines.dropFirst().map(Self.withoutTimes)

        let dir = try CLIRunner.temporaryDirectory()
        try FileManager.default.copyItem(at: TestData.packageRoot.appendingPathComponent("datasets"),
                                         to: dir.appendingPathComponent("datasets"))
        let r = try CLIRunner.run(command, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let printed = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(Self.withoutTimes)
        #expect(printed.last == "")  // the output ends with a newline; the README's block does not show it
        #expect(Array(printed.dropLast()) == expected)
    }
}
