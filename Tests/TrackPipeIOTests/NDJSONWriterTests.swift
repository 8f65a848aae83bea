import Foundation
import Testing
import TestSupport
import TrackPipe
import TrackPipeIO

/// NDJSON output is the stream's fix format: each line a JSON object Foundation's parser reads (independent of
/// TrackPipe's decoder) with the documented keys; the provenance line and `stream` output lines are skipped when
/// read back. Field-by-field round trips are `RoundTripTests`' property.
@Suite struct NDJSONWriterTests {
    @Test func everyLineIsAJSONObjectWithTheDocumentedKeys() throws {
        var fix = Fix(time: 1_714_548_600.5, latitude: 51.5, longitude: -0.12, altitude: 31.2, horizontalAccuracy: 4.5,
                      verticalAccuracy: 3, speed: 2.9, course: 87, hdop: 0.9, satellites: 11, heartRate: 140, segment: 2,
                      sourceIndex: 0)
        fix.paused = true
        let provenance = Provenance(pipelineName: "p\n\"q\"", canonicalSpec: "{}", trackpipeVersion: "1.2.3")
        let bytes = try NDJSONWriter.write(Track(fixes: [fix, Fix(time: nil, latitude: 1, longitude: 2, sourceIndex: 1)]),
                                           provenance: provenance)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines[3].isEmpty)  // three lines, each ended by a newline
        let objects = try lines.prefix(3).map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects[0]["type"] as? String == "provenance" && objects[0]["pipelineName"] as? String == "p\n\"q\""
                && objects[0]["trackpipeVersion"] as? String == "1.2.3" && objects[0]["pipelineHash"] as? String == provenance.pipelineHash)
        let first = objects[1]
        #expect(first["type"] as? String == "fix" && first["time"] as? String == "2024-05-01T07:30:00.500Z")
        #expect(first["lat"] as? Double == 51.5 && first["lon"] as? Double == -0.12 && first["ele"] as? Double == 31.2)
        #expect(first["hacc"] as? Double == 4.5 && first["vacc"] as? Double == 3 && first["speed"] as? Double == 2.9)
        #expect(first["course"] as? Double == 87 && first["hdop"] as? Double == 0.9 && first["sats"] as? Int == 11)
        #expect(first["hr"] as? Double == 140 && first["segment"] as? Int == 2 && first["paused"] as? Bool == true)
        #expect(objects[2]["time"] == nil && objects[2]["paused"] == nil)
        let back = try TrackReader.read(bytes: bytes, format: .ndjson, sourceName: "x.ndjson")
        #expect(back.rejected.isEmpty && back.fixes.count == 2)
        #expect(back.fixes[0].paused && back.fixes[0].segment == 2 && back.fixes[0].time == 1_714_548_600.5)
        #expect(back.fixes.map(\.sourceIndex) == [0, 1])
    }

    @Test func streamOutputReadsBackAsItsFixes() throws {
        // What `trackpipe stream` prints: fix, drop, change, event and summary lines. Only the fixes are fixes.
        let text = """
            {"type":"fix","index":0,"lat":1,"lon":2}
            {"type":"drop","index":1,"stage":"accuracy-gate","rule":"accuracy","lat":1,"lon":2}
            {"type":"change","index":0,"stage":"kalman-smoother","lat":1,"lon":2}
            {"type":"event","stage":"auto-pause","kind":"pause-start","index":0}
            {"lat":3,"lon":4}
            {"type":"summary","read":3,"kept":2,"dropped":1}
            """
        let back = try TrackReader.read(bytes: Array(text.utf8), format: .ndjson, sourceName: "s.ndjson")
        #expect(back.fixes.map(\.latitude) == [1, 3] && back.fixes.map(\.sourceIndex) == [0, 1] && back.rejected.isEmpty)
    }
}
