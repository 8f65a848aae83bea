import Foundation
import Testing
import TestSupport

/// `trackpipe run -o OUT` records in the kept track the spec it came from (name and content hash) and the
/// TrackPipe version — the same values the JSON report gives — in every output format and on stdout.
@Suite struct RunProvenanceTests {
    let applewatch = TestData.root.appendingPathComponent("real/applewatch-run/myfile_multseg.gpx").path

    /// The report's pipeline name, sha256 and version.
    func reportProvenance(_ report: URL) throws -> (name: String, sha256: String, version: String) {
        let rep = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let pipeline = try #require(rep["pipeline"] as? [String: Any])
        return (try #require(pipeline["name"] as? String), try #require(pipeline["sha256"] as? String),
                try #require(rep["trackpipe_version"] as? String))
    }

    @Test(arguments: ["gpx", "csv", "geojson"])
    func keptTrackRecordsSpecAndVersion(_ ext: String) throws {
        let dir = try CLIRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("kept.\(ext)"), report = dir.appendingPathComponent("report.json")
        let r = try CLIRunner.run(["run", "-q", applewatch, "-o", out.path, "--report", report.path])
        #expect(r.status == 0, "\(r.stderr)")
        let p = try reportProvenance(report)
        #expect(p.name == "default" && p.sha256.count == 64)
        let text = String(decoding: try Data(contentsOf: out), as: UTF8.self)
        let sentence = "TrackPipe \(p.version), pipeline \"\(p.name)\", spec sha256 \(p.sha256)"
        switch ext {
        case "gpx":
            #expect(text.contains("<metadata>\n    <desc>TrackPipe \(p.version), pipeline &quot;default&quot;, spec sha256 \(p.sha256)</desc>"))
            #expect(text.contains("<trackpipe:provenance pipeline=\"default\" sha256=\"\(p.sha256)\" version=\"\(p.version)\"/>"))
        case "csv":
            #expect(text.hasPrefix("# " + sentence + "\ntime,lat,lon"))
        default:
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let member = try #require(object["provenance"] as? [String: String])
            #expect(member == ["pipelineName": p.name, "pipelineHash": p.sha256, "trackpipeVersion": p.version])
        }
        // The kept track still reads: info counts the fixes the report says were kept.
        let info = try CLIRunner.run(["info", "--json", out.path])
        #expect(info.status == 0, "\(info.stderr)")
        let summaries = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [[String: Any]])
        let rep = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let kept = try #require((rep["runs"] as? [[String: Any]])?.first?["kept"] as? Int)
        #expect(summaries.first?["fixes"] as? Int == kept)
    }

    @Test func standardOutputToo() throws {
        let r = try CLIRunner.run(["run", "-q", applewatch, "-o", "-", "--to", "csv"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("# TrackPipe ") && r.stdout.contains("pipeline \"default\", spec sha256 "))
    }

    @Test func aSpecFileIsRecordedByItsOwnNameAndHash() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let spec = dir.appendingPathComponent("mine.json"), out = dir.appendingPathComponent("kept.gpx")
        let report = dir.appendingPathComponent("report.json")
        try Data(#"{"version": 1, "name": "just-the-gate", "stages": [{"stage": "accuracy-gate"}]}"#.utf8).write(to: spec)
        let r = try CLIRunner.run(["run", "-q", "--pipeline", spec.path, applewatch, "-o", out.path, "--report", report.path])
        #expect(r.status == 0, "\(r.stderr)")
        let p = try reportProvenance(report)
        #expect(p.name == "just-the-gate")
        let text = String(decoding: try Data(contentsOf: out), as: UTF8.self)
        #expect(text.contains("pipeline=\"just-the-gate\" sha256=\"\(p.sha256)\""))
    }
}
