import Foundation
import Testing
import TestSupport

/// `trackpipe info`: every field the issue lists, on a small file whose answers are worked out by hand, on a
/// real recording, and with an unreadable file among readable ones.
@Suite struct InfoCommandTests {
    /// Two segments. Segment 0: three fixes 0.001° of latitude apart on the meridian at 0° (each step 110.574 m,
    /// the WGS84 meridian arc per 0.001° at the equator: 110 574.3 m per degree), 1 s then 5 s apart; the middle
    /// fix has horizontal accuracy −1 (invalid). Segment 1: two fixes 2 s apart at the same place, the second
    /// with a vertical accuracy of −1 (no GPS altitude) and fix none; HDOP only on the last.
    static let gpx = """
        <?xml version="1.0"?>
        <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Hand made</name><type>walking</type>
        <trkseg>
        <trkpt lat="0" lon="10"><ele>5</ele><time>2024-05-18T10:00:00Z</time></trkpt>
        <trkpt lat="0.001" lon="10"><ele>5</ele><time>2024-05-18T10:00:01Z</time><extensions><hAcc>-1</hAcc></extensions></trkpt>
        <trkpt lat="0.002" lon="10"><time>2024-05-18T10:00:06Z</time></trkpt>
        </trkseg>
        <trkseg>
        <trkpt lat="-0.5" lon="10.5"><time>2024-05-18T10:10:00Z</time></trkpt>
        <trkpt lat="-0.5" lon="10.5"><time>2024-05-18T10:10:02Z</time><fix>none</fix><hdop>2</hdop><extensions><vAcc>-1</vAcc></extensions></trkpt>
        </trkseg>
        <trkseg><trkpt lat="200" lon="0"/></trkseg>
        </trk></gpx>
        """

    func write(_ text: String, _ name: String) throws -> URL {
        let url = try CLIRunner.temporaryDirectory().appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func jsonFieldsOnAHandMadeTrack() throws {
        let file = try write(Self.gpx, "hand.gpx")
        let r = try CLIRunner.run(["info", "--json", file.path])
        #expect(r.status == 0, "\(r.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        let s = try #require(list.first)
        #expect(s["file"] as? String == file.path && s["format"] as? String == "gpx")
        #expect(s["name"] as? String == "Hand made" && s["activity"] as? String == "walking")
        #expect(s["fixes"] as? Int == 5 && s["segments"] as? Int == 2 && s["rejected_records"] as? Int == 1)
        #expect(s["start"] as? String == "2024-05-18T10:00:00Z" && s["end"] as? String == "2024-05-18T10:10:02Z")
        #expect(s["duration_seconds"] as? Double == 602)
        // 2 × 110.574 m inside segment 0; nothing across the segment break; 0 m inside segment 1. Exactly: the
        // WGS84 meridian arc from 0° to 0.002°, 221.148551644 m (numpy: ∫ a(1 − e²)/(1 − e² sin²φ)^1.5 dφ).
        let distance = try #require(s["raw_distance_metres"] as? Double)
        #expect(abs(distance - 221.148551644) < 1e-6, "\(distance)")
        let box = try #require(s["bounding_box"] as? [String: Double])
        #expect(box == ["min_latitude": -0.5, "max_latitude": 0.002, "min_longitude": 10, "max_longitude": 10.5])
        // Intervals within segments: 1, 5, 2 s → median 2 s.
        #expect(s["median_sampling_interval_seconds"] as? Double == 2)
        let fields = try #require(s["fields_present"] as? [String: Int])
        #expect(fields.count == 6, "\(fields)")
        #expect(fields.values.sorted() == [1, 1, 1, 2, 2, 5])  // time 5, altitude 2, hAcc 2 (one from HDOP), vAcc 1, hdop 1, fix 1
        #expect(s["estimated_horizontal_accuracy"] as? Int == 1)
        let invalid = try #require(s["invalid"] as? [String: Int])
        #expect(invalid.values.sorted() == [0, 1, 1, 1, 2])  // hAcc<0: 1, vAcc<0: 1, no fix: 1, either: 2, time not increasing: 0
    }

    @Test func textListsEveryField() throws {
        let file = try write(Self.gpx, "hand.gpx")
        let r = try CLIRunner.run(["info", file.path])
        #expect(r.status == 0)
        for label in ["fixes:", "5 in 2 segments", "1 rejected record", "start:", "end:", "duration:", "10 min 2 s",
                      "raw distance:", "0.221 km", "bounding box:", "median interval:", "2 s", "fields present:",
                      "accuracy from HDOP:", "invalid values:", "2 fixes"] {
            #expect(r.stdout.contains(label), "missing \(label) in\n\(r.stdout)")
        }
    }

    @Test func realRecording() throws {
        // 1559 trkpt in 2 trkseg; first time 2021-07-21T12:37:41.000Z, last 13:03:56.000Z (head/tail of the file).
        let path = TestData.root.appendingPathComponent("real/applewatch-run/myfile_multseg.gpx").path
        let r = try CLIRunner.run(["info", "--json", path])
        let s = try #require((try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])?.first)
        #expect(s["fixes"] as? Int == 1559 && s["segments"] as? Int == 2)
        #expect(s["start"] as? String == "2021-07-21T12:37:41Z" && s["end"] as? String == "2021-07-21T13:03:56Z")
        #expect(s["duration_seconds"] as? Double == 1575.0)  // 26 min 15 s
        // Python's ElementTree: hr in 1556 points, cad in 1555, course in 682, hAcc/vAcc/atemp/speed/ele in all.
        let fields = try #require(s["fields_present"] as? [String: Int])
        #expect(fields.values.filter { $0 == 1559 }.count == 6 && fields.values.contains(1556)
                && fields.values.contains(1555) && fields.values.contains(682), "\(fields)")
    }

    @Test func anUnreadableFileFailsButTheOthersAreSummarised() throws {
        let good = try write(Self.gpx, "good.gpx"), bad = try write("<gpx><trk>", "bad.gpx")
        let r = try CLIRunner.run(["info", bad.path, good.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("bad.gpx:") && !r.stderr.contains("Fatal error"))
        #expect(r.stdout.contains("good.gpx") && r.stdout.contains("5 in 2 segments"))
    }

    @Test func standardInput() throws {
        let r = try CLIRunner.run(["info", "-"], stdin: "lat,lon\n1,2\n1.001,2\n")
        #expect(r.status == 0 && r.stdout.contains("- (csv)") && r.stdout.contains("2 in 1 segment"), "\(r.stdout)")
    }

    /// A FIT file's own figures: the Fenix 2's session says 9008.22 m (python-fitparse, SOURCE.txt) and its timer
    /// never stopped (one start, one stop_all); a GPX file has neither.
    @Test func deviceDistanceAndTimerOfAFITFile() throws {
        let fit = TestData.root.appendingPathComponent("real/fenix2-run-fit/activity-small-fenix2-run.fit").path
        let gpx = TestData.root.appendingPathComponent("real/applewatch-run/myfile_multseg.gpx").path
        let r = try CLIRunner.run(["info", "--json", fit, gpx])
        #expect(r.status == 0, "\(r.stderr)")
        let all = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(abs((all[0]["device_distance_metres"] as? Double ?? 0) - 9008.22) < 1e-6)
        #expect(all[0]["device_timer_stopped_seconds"] as? Double == 0)
        #expect(all[1]["device_distance_metres"] == nil && all[1]["device_timer_stopped_seconds"] == nil)
        let text = try CLIRunner.run(["info", fit])
        #expect(text.stdout.contains("  device distance:    9.008 km\n"))
    }
}
