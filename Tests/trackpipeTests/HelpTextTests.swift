import Foundation
import Testing

/// Every command's `--help` reads as prose: its overview and discussion are the lines ArgumentParser prints from
/// the first column, and a run of spaces inside one of them is a broken line join in the source (`convert`'s
/// batch paragraph had three: "make a batch:             -o names a folder"). Option and argument rows are
/// indented and aligned in columns, so only unindented lines are checked.
@Suite struct HelpTextTests {
    static let commands = [
        "run", "stream", "stages", "validate", "convert", "merge", "info", "badges", "history", "simulate", "compare",
    ]

    @Test(arguments: [[]] + commands.map { [$0] })
    func proseLinesHaveNoRunsOfSpaces(command: [String]) throws {
        let r = try CLIRunner.run(command + ["--help"])
        #expect(r.status == 0, "\(command): \(r.stderr)")
        #expect(r.stdout.contains("USAGE:"), "\(command): \(r.stdout)")
        for line in r.stdout.split(separator: "\n", omittingEmptySubsequences: true)
        where line.first.map({ !$0.isWhitespace }) == true {
            #expect(!line.contains("   "), "trackpipe \(command.joined()) --help: \(line)")
        }
    }
}
