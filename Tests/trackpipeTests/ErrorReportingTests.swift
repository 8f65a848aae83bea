import Foundation
import Testing

/// Errors while a command runs are printed the same way by every command — `trackpipe: error: FILE: what` on
/// standard error, exit status 1, nothing on standard output — while usage errors keep ArgumentParser's usage
/// message and its exit status 64 (EX_USAGE).
@Suite struct ErrorReportingTests {
    @Test(arguments: [
        (["run", "/nonexistent/run.gpx"], "trackpipe: error: /nonexistent/run.gpx: no such file"),
        (["info", "/nonexistent/run.gpx"], "trackpipe: error: /nonexistent/run.gpx: no such file"),
        (["convert", "/nonexistent/run.gpx", "-o", "-", "--to", "csv"], "trackpipe: error: /nonexistent/run.gpx: no such file"),
        (["compare", "/nonexistent/run.gpx"], "trackpipe: error: /nonexistent/run.gpx: no such file or folder"),
        (["badges", "/nonexistent/run.gpx"], "trackpipe: error: /nonexistent/run.gpx does not exist"),
        // validate lists spec problems as FILE: JSON-PATH: message, one per line.
        (["validate", "/nonexistent/spec.json"], "/nonexistent/spec.json: $: the spec file does not exist"),
    ])
    func runtimeErrorsNameTheFile(args: [String], expected: String) throws {
        let r = try CLIRunner.run(args)
        #expect(r.status == 1, "\(args): \(r.stderr)")
        #expect(r.stdout.isEmpty, "\(args): \(r.stdout)")
        #expect(r.stderr.hasPrefix(expected), "\(args): \(r.stderr)")
    }

    @Test func usageErrorsKeepArgumentParsersMessageAndStatus() throws {
        let r = try CLIRunner.run(["run", "--no-such-option", "x.gpx"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("Unknown option '--no-such-option'"))
    }

    /// Help is not an error: ArgumentParser delivers it as one from `run()`, and it must reach its printer.
    @Test(arguments: [["--help"], ["help", "run"], ["run", "--help"], ["stream", "--help"], ["stages", "--help"],
                      ["validate", "--help"], ["convert", "--help"], ["info", "--help"], ["badges", "--help"],
                      ["simulate", "--help"], ["compare", "--help"], ["run", "-h"]])
    func helpPrintsUsageAndSucceeds(args: [String]) throws {
        let r = try CLIRunner.run(args)
        #expect(r.status == 0, "\(args): \(r.stderr)")
        #expect(r.stdout.contains("USAGE: trackpipe"), "\(args): \(r.stdout)")
        #expect(r.stderr.isEmpty, "\(args): \(r.stderr)")
    }
}
