import Foundation
import Testing
import TestSupport
import TrackPipe

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
        #expect(unknown.status != 0 && unknown.stderr.contains("is not a preset (presets: raw, runkeeper, smooth, default, osmand-hdop, runkeeper-600, share)"))
    }

    /// The default pipeline on the Apple Watch run, with the drops worked out from the file with Python's
    /// ElementTree: 1559 trkpt; every hAcc is 1.10–6.41 m (under the gate's 20 m); five pairs share a time
    /// (0/1, 598/599, 1245/1246, 1247/1248, 1481/1482) and timestamp-repair keeps the smaller hAcc of each
    /// (ties the first), dropping 0, 599, 1245, 1247 and 1482; after that the times strictly increase and the
    /// fastest step is 5.6 m/s (under the running limit of 12.5 m/s), so nothing else is dropped.
    @Test func writesTrackReportAndDropsWithTheExpectedDrops() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("clean.gpx"), report = dir.appendingPathComponent("report.json")
        let drops = dir.appendingPathComponent("drops.geojson")
        let r = try CLIRunner.run(["run", applewatch, "-o", out.path, "--report", report.path, "--drops", drops.path])
        #expect(r.status == 0, "\(r.stderr)")
        let rep = try json(report)
        let run = try #require((rep["runs"] as? [[String: Any]])?.first)
        let input = try #require(run["input"] as? [String: Any])
        #expect(input["records"] as? Int == 1559)
        #expect(run["kept"] as? Int == 1554)
        #expect(run["dropped_count"] as? Int == 5)
        let dropped = try #require(run["dropped"] as? [[String: Any]])
        #expect(dropped.map { $0["source_index"] as? Int } == [0, 599, 1245, 1247, 1482])
        #expect(dropped.allSatisfy { $0["stage"] as? String == "timestamp-repair" && $0["rule"] as? String == "duplicate-time" })
        // Per stage: only timestamp-repair drops, 1559 in, 1554 out.
        let stages = try #require(run["stages"] as? [[String: Any]])
        let dropping = stages.filter { ($0["dropped"] as? Int ?? -1) != 0 }
        #expect(dropping.map { $0["label"] as? String } == ["timestamp-repair"])
        #expect(dropping.first?["fixes_in"] as? Int == 1559 && dropping.first?["fixes_out"] as? Int == 1554)
        let pipeline = try #require(rep["pipeline"] as? [String: Any])
        #expect(pipeline["name"] as? String == "default")
        #expect((pipeline["sha256"] as? String)?.count == 64)
        #expect(rep["trackpipe_version"] as? String == TrackPipeVersion.current)
        // The drops file holds the same five, located at their trkpt (the first: lat 37.622025375096, lon -77.587098570964, ele 51.820438).
        let features = try #require(try json(drops)["features"] as? [[String: Any]])
        #expect(features.compactMap { ($0["properties"] as? [String: Any])?["source_index"] as? Int } == [0, 599, 1245, 1247, 1482])
        #expect((features.first?["geometry"] as? [String: Any])?["coordinates"] as? [Double] == [-77.587098570964, 37.622025375096, 51.820438])
        // The kept track was written and reads back with the kept count.
        let info = try CLIRunner.run(["info", "--json", out.path])
        #expect(info.status == 0)
        let summaries = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [[String: Any]])
        #expect(summaries.first?["fixes"] as? Int == 1554)
    }

    /// `--html`: the Apple Watch run's page, with the drops worked out above (five `duplicate-time` drops, each
    /// a marker naming its rule), written like every other output: planned first, never over an input, and
    /// standard output for at most one of them.
    @Test func writesTheHTMLReportAsAnOutput() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let page = dir.appendingPathComponent("run.html")
        let r = try CLIRunner.run(["run", applewatch, "--html", page.path])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        #expect(html.components(separatedBy: "<path class=\"drop\"").count - 1 == 5)
        #expect(html.components(separatedBy: "data-rule=\"duplicate-time\"").count - 1 == 5)
        let toStdout = try CLIRunner.run(["run", applewatch, "--html", "-", "-q"])
        #expect(toStdout.status == 0 && toStdout.stdout.hasPrefix("<!DOCTYPE html>"))
        let two = try CLIRunner.run(["run", applewatch, "--html", "-", "--report", "-"])
        #expect(two.status != 0 && two.stderr.contains("only one of -o, --report, --drops and --html can be standard output"))
        let overInput = try CLIRunner.run(["run", applewatch, "--html", applewatch])
        #expect(overInput.status != 0 && overInput.stderr.contains("refusing to write the HTML report over the input"), "\(overInput.stderr)")
    }

    /// Where the run was, in the default's summary, report and picture: the Whitchurch ride starts in Winchester
    /// (its first fix 51.0579° N, 1.3206° W; GeoNames puts Winchester at 51.0651° N, 1.3187° W, 0.8 km north) and
    /// ends west of Overton (Whitchurch, Hampshire, is not in GeoNames' cities1000).
    @Test func theDefaultSaysWhereTheRunWas() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let ride = TestData.root.appendingPathComponent("real/whitchurch-ride-A/tracks/Garmin-Edge-605.gpx").path
        let page = dir.appendingPathComponent("run.html"), report = dir.appendingPathComponent("r.json")
        let r = try CLIRunner.run(["run", ride, "--html", page.path, "--report", report.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("  Start: 0.8") && r.stdout.contains(" km S of Winchester, United Kingdom\n"), "\(r.stdout)")
        #expect(r.stdout.contains(" km W of Overton, United Kingdom\n"))
        let run = try #require((try json(report)["runs"] as? [[String: Any]])?.first)
        let places = try #require((run["annotations"] as? [String: Any])?["places"] as? [String: Any])
        let start = try #require((places["start"] as? [String: Any])?["place"] as? [String: Any])
        #expect(start["name"] as? String == "Winchester" && start["country_code"] as? String == "GB")
        let summary = try #require(run["summary"] as? [[String: Any]])
        #expect(summary.first { $0["key"] as? String == "start-place" }?["text"] as? String == "S of Winchester, United Kingdom")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<g data-layer=\"places\">"))
        #expect(html.components(separatedBy: "<g class=\"marker place\">").count - 1 == 3)
        #expect(html.contains("Start: near Winchester"))
    }

    /// A resampling pipeline: the table gets a `made` column, the report a `made_count` and the stage's `made`;
    /// read + made = kept + dropped; the output holds every kept fix, made ones included (fresh indices).
    @Test func aResamplingRunAccountsForTheFixesItMade() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let spec = dir.appendingPathComponent("resample.json"), report = dir.appendingPathComponent("r.json")
        let out = dir.appendingPathComponent("out.ndjson")
        try #"{"version": 1, "stages": [{"stage": "resample", "interval": 0.5}]}"#.write(to: spec, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["run", applewatch, "--pipeline", spec.path, "-o", out.path, "--report", report.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(" made, ") && r.stdout.contains("made"))
        let run = try #require((try json(report)["runs"] as? [[String: Any]])?.first)
        let kept = try #require(run["kept"] as? Int), dropped = try #require(run["dropped_count"] as? Int)
        let made = try #require(run["made_count"] as? Int)
        let records = try #require((run["input"] as? [String: Any])?["records"] as? Int)
        #expect(made > 0 && records + made == kept + dropped)
        let stage = try #require((run["stages"] as? [[String: Any]])?.last)
        #expect(stage["made"] as? Int == made)
        let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n").filter { $0.contains(#""type":"fix""#) }
        #expect(lines.count == kept)
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

    /// A file that names no activity is judged by the inferred one, and the run says so: the Whitchurch ride's
    /// Garmin Edge file (no `<type>`) moves at a median 5.43 m/s, upper quartile 6.86 m/s over 10-s windows
    /// (worked out with Python from the GPX: haversine path length over each window of ≥ 10 s).
    @Test func reportsTheInferredActivity() throws {
        let edge = TestData.root.appendingPathComponent("real/whitchurch-ride-A/tracks/Garmin-Edge-605.gpx").path
        let report = try CLIRunner.temporaryDirectory().appendingPathComponent("r.json")
        let r = try CLIRunner.run(["run", edge, "--report", report.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("  Activity: cycling inferred from the moving speeds (median 5.43 m/s, upper quartile 6.86 m/s"), "\(r.stdout)")
        let run = try #require((try json(report)["runs"] as? [[String: Any]])?.first)
        let activity = try #require(run["activity"] as? [String: Any])
        #expect(activity["activity"] as? String == "cycling" && activity["source"] as? String == "inferred")
        #expect(abs((activity["upper_quartile_moving_speed"] as? Double ?? 0) - 6.86) < 0.01)
        #expect((run["input"] as? [String: Any])?["activity"] == nil)
        // Named on the command line, the activity is the track's own and the summary says nothing more.
        let named = try CLIRunner.run(["run", edge, "--activity", "running"])
        #expect(named.status == 0 && !named.stdout.contains("Activity:"))
    }
}
