import Foundation
import Testing
import TestSupport

@Suite struct RunCommandTests {
    let applewatch = TestData.root.appendingPathComponent("real/applewatch-run/myfile_multseg.gpx").path

    func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func pipelineTakesAPresetNameWhenNoSuchFileExists() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let report = dir.appendingPathComponent("report.json")
        let r = try CLIRunner.run(["run", "--pipeline", "raw", applewatch, "--report", report.path])
        #expect(r.status == 0, "\(r.stderr)")
        let pipeline = try #require(try json(report)["pipeline"] as? [String: Any])
        #expect(pipeline["name"] as? String == "raw")
        let unknown = try CLIRunner.run(["run", "--pipeline", "rawish", applewatch])
        #expect(unknown.status != 0 && unknown.stderr.contains("is not a preset (presets: raw, runkeeper, smooth, default, osmand-hdop)"))
    }

    @Test func writesTrackReportAndDropsThatAccountForEveryFix() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("clean.gpx"), report = dir.appendingPathComponent("report.json")
        let drops = dir.appendingPathComponent("drops.geojson")
        let r = try CLIRunner.run(["run", applewatch, "-o", out.path, "--report", report.path, "--drops", drops.path])
        #expect(r.status == 0, "\(r.stderr)")
        let rep = try json(report)
        let run = try #require((rep["runs"] as? [[String: Any]])?.first)
        let input = try #require(run["input"] as? [String: Any])
        let read = try #require(input["records"] as? Int)
        let kept = try #require(run["kept"] as? Int)
        let dropped = try #require(run["dropped"] as? [[String: Any]])
        // The file has 1559 trkpt elements (grep -c '<trkpt' myfile_multseg.gpx).
        #expect(read == 1559)
        #expect(kept + dropped.count == read)
        for stage in try #require(run["stages"] as? [[String: Any]]) {
            #expect((stage["fixes_in"] as? Int) == (stage["fixes_out"] as? Int ?? -1) + (stage["dropped"] as? Int ?? -1))
        }
        // Every drop names its stage and rule.
        #expect(dropped.allSatisfy { ($0["stage"] as? String)?.isEmpty == false && ($0["rule"] as? String)?.isEmpty == false })
        let pipeline = try #require(rep["pipeline"] as? [String: Any])
        #expect(pipeline["name"] as? String == "default")
        #expect((pipeline["sha256"] as? String)?.count == 64)
        #expect(rep["trackpipe_version"] as? String != nil)
        // The drops file holds one located feature per dropped fix.
        let features = try #require(try json(drops)["features"] as? [[String: Any]])
        #expect(features.count == dropped.count)
        // The kept track was written and reads back with the kept count.
        let info = try CLIRunner.run(["info", "--json", out.path])
        #expect(info.status == 0)
        #expect(info.stdout.contains("\"fixes\" : \(kept)") || info.stdout.contains("\"fixes\": \(kept)"))
    }

    @Test func anInvalidSpecRunsNothingAndWritesNothing() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let spec = dir.appendingPathComponent("bad.json"), out = dir.appendingPathComponent("out.gpx")
        try Data(#"{"version": 1, "stages": [{"stage": "accuracy-gate", "max-horizontal-accuracy": -3}]}"#.utf8).write(to: spec)
        let r = try CLIRunner.run(["run", "--pipeline", spec.path, applewatch, "-o", out.path])
        #expect(r.status != 0)
        #expect(r.stderr.contains("$.stages[0].max-horizontal-accuracy"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func refusesToWriteOverItsInput() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let copy = dir.appendingPathComponent("run.gpx")
        try FileManager.default.copyItem(atPath: applewatch, toPath: copy.path)
        let before = try Data(contentsOf: copy)
        let r = try CLIRunner.run(["run", copy.path, "-o", copy.path])
        #expect(r.status != 0)
        #expect(try Data(contentsOf: copy) == before)
    }

    @Test func anUnreadableInputIsAClearErrorNamingTheFile() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let bad = dir.appendingPathComponent("broken.gpx")
        try Data("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\">".utf8).write(to: bad)
        let r = try CLIRunner.run(["run", bad.path])
        #expect(r.status != 0)
        #expect(r.stderr.contains("broken.gpx"))
        #expect(!r.stderr.contains("Fatal error"))
    }

    @Test func severalInputsGoToADirectory() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let nmea = TestData.root.appendingPathComponent("real/f9k-rtk-drive/MTV.Local1.ublox-F9K.20200206-181434.nmea").path
        let r = try CLIRunner.run(["run", "-q", applewatch, nmea, "-o", dir.path, "--to", "csv"])
        #expect(r.status == 0, "\(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == ["MTV.Local1.ublox-F9K.20200206-181434.csv", "myfile_multseg.csv"])
    }
}
