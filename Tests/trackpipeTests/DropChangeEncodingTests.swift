import Foundation
import Testing

/// One encoding of a drop and of a change in every output: the run report's `dropped` and `changed` entries,
/// the drops GeoJSON's feature properties (less `input`) and the stream's `drop` and `change` lines (less
/// `type`) are the same objects, key for key and value for value, for the same input and pipeline.
@Suite struct DropChangeEncodingTests {
    /// The accuracy gate and auto-pause: both causal, so `run` and `stream` decide the same.
    static let spec = #"{"version": 1, "name": "gate-pause", "stages": [{"stage": "accuracy-gate"}, {"stage": "auto-pause"}]}"#

    /// 100 lines, one a second from 2024-05-18T10:00:00Z (Unix 1716026400): fixes 0–29 and 70–99 walk east at
    /// 0.00004° of longitude a second (2.8 m/s at 51.5°N), 30–69 stand still for 40 s (auto-pause pauses there);
    /// fix 10 claims 60 m accuracy (over the 20 m gate); line 21 (index 20) is not a fix.
    static func input() -> String {
        var lines: [String] = []
        var lon = -0.1
        for i in 0..<100 {
            if i < 30 || i >= 70 { lon += 0.00004 }
            if i == 20 {
                lines.append(#"{"lat": "x", "lon": 2}"#)
                continue
            }
            let lonText = String(format: "%.5f", lon)
            lines.append(#"{"time": \#(1_716_026_400 + i), "lat": 51.5, "lon": \#(lonText), "hacc": \#(i == 10 ? 60 : 5)}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func object(_ text: some StringProtocol) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `o` without `keys`, as a dictionary that compares by value.
    func removing(_ keys: String..., from o: [String: Any]) -> NSDictionary {
        var o = o
        for key in keys { o[key] = nil }
        return o as NSDictionary
    }

    @Test func reportDropsGeoJSONAndStreamShareOneEncoding() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let spec = dir.appendingPathComponent("gate-pause.json"), walk = dir.appendingPathComponent("walk.ndjson")
        let report = dir.appendingPathComponent("report.json"), drops = dir.appendingPathComponent("drops.geojson")
        try Data(Self.spec.utf8).write(to: spec)
        try Data(Self.input().utf8).write(to: walk)

        let run = try CLIRunner.run(["run", "-q", "--pipeline", spec.path, walk.path, "--report", report.path, "--drops", drops.path])
        #expect(run.status == 0, "\(run.stderr)")
        let stream = try CLIRunner.run(["stream", "--pipeline", spec.path], stdin: Self.input())
        #expect(stream.status == 0, "\(stream.stderr)")

        let reportRun = try #require((try object(String(decoding: Data(contentsOf: report), as: UTF8.self))["runs"] as? [[String: Any]])?.first)
        let reportDrops = try #require(reportRun["dropped"] as? [[String: Any]]).map { $0 as NSDictionary }
        let reportChanges = try #require(reportRun["changed"] as? [[String: Any]]).map { $0 as NSDictionary }
        let lines = try stream.stdout.split(separator: "\n").map(object)
        let streamDrops = lines.filter { $0["type"] as? String == "drop" }.map { removing("type", from: $0) }
        let streamChanges = lines.filter { $0["type"] as? String == "change" }.map { removing("type", from: $0) }
        let collection = try object(String(decoding: Data(contentsOf: drops), as: UTF8.self))
        let features = try #require(collection["features"] as? [[String: Any]])
        let unlocated = try #require(collection["unlocated"] as? [[String: Any]])
        let featureInputs = features.compactMap { ($0["properties"] as? [String: Any])?["input"] as? String }
        #expect(featureInputs == [walk.path])
        #expect(unlocated.map { $0["input"] as? String } == [walk.path])
        let geoDrops = (features.compactMap { $0["properties"] as? [String: Any] } + unlocated).map { removing("input", from: $0) }

        // The two drops, written out by hand: the unreadable line 21 (index 20) and the 60 m fix (index 10).
        let badLine: NSDictionary = ["source_index": 20, "line": 21, "stage": "read", "rule": "bad-record",
                                     "detail": try #require(reportDrops.first?["detail"] as? String)]
        let gated: NSDictionary = [
            "source_index": 10, "stage": "accuracy-gate", "rule": "max-horizontal-accuracy", "measured": 60, "threshold": 20,
            "unit": "m", "time": "2024-05-18T10:00:10Z", "latitude": 51.5, "longitude": -0.09956,
        ]
        #expect(reportDrops == [badLine, gated])
        #expect(streamDrops.sorted(by: Self.bySourceIndex) == reportDrops.sorted(by: Self.bySourceIndex))
        #expect(geoDrops.sorted(by: Self.bySourceIndex) == reportDrops.sorted(by: Self.bySourceIndex))
        // The located drop's geometry is its position.
        #expect((features.first?["geometry"] as? [String: Any])?["coordinates"] as? [Double] == [-0.09956, 51.5])

        // Changes: auto-pause marks the stopped fixes paused and starts a new segment after the stop, without
        // moving or re-stamping anything — the same change objects in both outputs.
        #expect(streamChanges == reportChanges)
        var paused: [Int] = [], resegmented: [Int] = []
        for change in reportChanges {
            #expect(Set(change.allKeys.compactMap { $0 as? String }) == ["source_index", "stage", "moved", "original", "updated"])
            #expect(change["stage"] as? String == "auto-pause" && change["moved"] as? Double == 0)
            let original = try #require(change["original"] as? [String: Any]), updated = try #require(change["updated"] as? [String: Any])
            #expect(Set(original.keys) == ["latitude", "longitude", "time", "horizontal_accuracy", "segment", "paused"])
            #expect(original["paused"] as? Bool == false && original["segment"] as? Int == 0)
            // Nothing but `paused` and `segment` changes.
            #expect(removing("paused", "segment", from: original) == removing("paused", "segment", from: updated))
            let index = try #require(change["source_index"] as? Int)
            #expect(original["time"] as? String == String(format: "2024-05-18T10:%02d:%02dZ", index / 60, index % 60))
            if updated["paused"] as? Bool == true { paused.append(index) }
            if updated["segment"] as? Int == 1 { resegmented.append(index) }
        }
        // One stop: a run of consecutive paused fixes, and — as the stage documents — the last paused fix and
        // every fix after it in segment 1. The last paused fix is 70, by the stage's documented departure rule
        // (a fix is moving when farther than 1.0 m/s × the mean time to the pause's fixes of the last 6 s from
        // their mean): fix 70, 2.78 m from the stop, against fixes 64–69 at the stop (mean 3.5 s earlier,
        // so 3.5 m) is standing; fix 71, 5.56 m out, against 65–70 (mean 0.46 m out, 3.5 s earlier) is 5.1 m
        // from their mean: moving, and so are all later fixes.
        let last = try #require(paused.last)
        #expect(paused == Array(try #require(paused.first)...last))
        #expect(last == 70)
        #expect(resegmented == Array(70...99))
    }

    static func bySourceIndex(_ a: NSDictionary, _ b: NSDictionary) -> Bool {
        (a["source_index"] as? Int ?? -1) < (b["source_index"] as? Int ?? -1)
    }
}
