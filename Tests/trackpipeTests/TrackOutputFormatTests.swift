import Foundation
import Testing
import TestSupport

/// `run` and `convert` write TCX (with the cleaned cumulative distance) and NDJSON, gzipped when the output is
/// named `.gz`. Outputs are checked with text counting, Foundation's JSON parser and the system's `gzip`.
@Suite struct TrackOutputFormatTests {
    let fenix = TestData.root.appendingPathComponent("real/fenix2-run-fit/activity-small-fenix2-run.fit").path

    /// Every `<DistanceMeters>` inside a `<Trackpoint>`, in order.
    func trackpointDistances(_ text: String) -> [Double] {
        text.matches(of: #/<Trackpoint>.*?<DistanceMeters>([^<]+)</DistanceMeters>/#).compactMap { Double($0.1) }
    }

    @Test func runWritesTheCleanedDistanceIntoTCX() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("clean.tcx"), report = dir.appendingPathComponent("r.json")
        let r = try CLIRunner.run(["run", fenix, "-o", out.path, "--report", report.path, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let run = try #require(((try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])?["runs"] as? [[String: Any]])?.first)
        let summary = try #require(run["summary"] as? [[String: Any]])
        let distance = try #require(summary.first { $0["key"] as? String == "distance" }?["value"] as? Double)
        let text = String(decoding: try Data(contentsOf: out), as: UTF8.self)
        let points = trackpointDistances(text)
        #expect(points.count == run["kept"] as? Int)
        #expect(abs((points.last ?? 0) - distance) < 1e-6)
        #expect(zip(points, points.dropFirst()).allSatisfy { $0 <= $1 })
        // The cleaned distance is not the raw one: the raw track sums to 9021.7 m, the watch said 9008.2 m.
        #expect(abs(distance - 9021.7) > 1)
        #expect(text.contains("<Activity Sport=\"Running\">") && text.contains("<Notes>TrackPipe "))
        // The same, gzipped: what the system's gzip decompresses is the same document.
        let packed = dir.appendingPathComponent("clean.tcx.gz")
        #expect(try CLIRunner.run(["run", fenix, "-o", packed.path, "-q"]).status == 0)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-dc", packed.path]
        let pipe = Pipe()
        gzip.standardOutput = pipe
        try gzip.run()
        let unpacked = pipe.fileHandleForReading.readDataToEndOfFile()
        gzip.waitUntilExit()
        #expect(gzip.terminationStatus == 0 && String(decoding: unpacked, as: UTF8.self) == text)
    }

    @Test func convertWritesNDJSONToStandardOutput() throws {
        let r = try CLIRunner.run(["convert", fenix, "--to", "ndjson", "-o", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2809)  // every record of the file has a position (FITReaderTests)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["type"] as? String == "fix" && first["time"] as? String == "2015-08-15T14:45:08Z" && first["hr"] as? Double == 69)
    }

    @Test func tcxOfAnUntimedTrackIsAClearError() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let csv = dir.appendingPathComponent("untimed.csv"), out = dir.appendingPathComponent("out.tcx")
        try Data("lat,lon\n51.5,-0.1\n51.6,-0.2\n".utf8).write(to: csv)
        let r = try CLIRunner.run(["convert", csv.path, "-o", out.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("out.tcx: TCX needs a time on every trackpoint, and fix 1 (record 1) has none"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
