import Foundation
import Testing

/// `--badges FILE` replaces the built-in catalog in `run`, `stream` and `badges`.
@Suite struct BadgeCatalogOptionTests {
    /// Metres per degree of longitude on the equator (local formula: a·π/180).
    let metresPerDegree = 6_378_137.0 * .pi / 180

    /// A catalog with one good badge at 150 m and one bad entry (negative distance), which is skipped with a
    /// warning naming its index.
    func catalog(in dir: URL) throws -> String {
        let url = dir.appendingPathComponent("catalog.json")
        try Data(#"""
        [{"name": "Garden Gate", "information": "test", "distance": "150", "imageName": "gate"},
         {"name": "Broken", "information": "bad", "distance": -5, "imageName": "x"}]
        """#.utf8).write(to: url)
        return url.path
    }

    /// 41 fixes 10 m apart along the equator at 1 s: 400 m, so the 150 m badge is crossed between fix 15 and 16.
    func ndjson() -> String {
        (0...40).map { i in
            #"{"time": \#(1_700_000_000 + i), "lat": 0, "lon": \#(Double(i) * 10 / metresPerDegree), "hacc": 4}"#
        }.joined(separator: "\n") + "\n"
    }

    func spec(in dir: URL) throws -> String {
        let url = dir.appendingPathComponent("measure.json")
        try Data(#"{"version": 1, "name": "measure", "stages": [{"stage": "distance"}, {"stage": "badges"}]}"#.utf8).write(to: url)
        return url.path
    }

    @Test func streamAnnouncesBadgesFromTheGivenCatalog() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let r = try CLIRunner.run(["stream", "--pipeline", try spec(in: dir), "--badges", try catalog(in: dir)], stdin: ndjson())
        #expect(r.status == 0, "\(r.stderr)")
        let earned = r.stdout.split(separator: "\n").filter { $0.contains("badge-earned") }
        #expect(earned.count == 1)
        #expect(earned.first?.contains("Garden Gate") == true)
        #expect(!r.stdout.contains("Broken"))
        #expect(r.stderr.contains("warning") && r.stderr.contains("[1]"), "\(r.stderr)")
    }

    @Test func runReportsBadgesFromTheGivenCatalog() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let input = dir.appendingPathComponent("run.ndjson")
        try Data(ndjson().utf8).write(to: input)
        let report = dir.appendingPathComponent("report.json")
        let r = try CLIRunner.run(["run", "--pipeline", try spec(in: dir), "--badges", try catalog(in: dir),
                                   input.path, "--report", report.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOf: report, encoding: .utf8)
        #expect(text.contains("Garden Gate"))
        // The built-in catalog's first badge above 0 m would otherwise be earned on a 400 m run.
        let builtIn = try CLIRunner.run(["run", "--pipeline", try spec(in: dir), input.path, "--report", report.path, "--quiet"])
        #expect(builtIn.status == 0)
        #expect(!(try String(contentsOf: report, encoding: .utf8)).contains("Garden Gate"))
    }

    @Test func aMissingCatalogIsAClearErrorBeforeAnythingRuns() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let r = try CLIRunner.run(["stream", "--badges", dir.appendingPathComponent("nope.json").path], stdin: ndjson())
        #expect(r.status != 0)
        #expect(r.stderr.contains("nope.json") && r.stderr.contains("does not exist"))
        #expect(r.stdout.isEmpty)
    }
}
