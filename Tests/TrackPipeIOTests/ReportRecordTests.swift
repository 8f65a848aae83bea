import Foundation
import Testing
import TrackPipe
import TrackPipeIO

/// ``DropRecord`` and ``ChangeRecord``: the one encoding of a drop and of a change that the run report, the
/// drops GeoJSON and the stream share. The expected JSON is written out by hand.
@Suite struct ReportRecordTests {
    /// The report's encoder (CLIJSON: snake_case conversion) and the stream's (NDJSONFixCodec.line: keys as
    /// they are) must give the same text: the records' keys are snake_case already.
    static func bothEncodings<T: Encodable>(_ value: T) throws -> (plain: String, snake: String) {
        let snake = JSONEncoder()
        snake.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        snake.keyEncodingStrategy = .convertToSnakeCase
        return (try NDJSONFixCodec.line(value), String(decoding: try snake.encode(value), as: UTF8.self))
    }

    // 1_716_026_400.5 s is 2024-05-18T10:00:00.5Z (Python: datetime.fromtimestamp(1716026400.5, timezone.utc)).
    static let fix = Fix(time: 1_716_026_400.5, latitude: 51.5, longitude: -0.1, altitude: 12, horizontalAccuracy: 48.25,
                         sourceIndex: 7)

    @Test func aStageDropHasEveryKeyItKnows() throws {
        let drop = Drop(fix: Self.fix, stage: "accuracy-gate", rule: "max-horizontal-accuracy", measured: 48.25,
                        threshold: 20, unit: .metres, detail: "too vague")
        let json = try Self.bothEncodings(DropRecord(drop))
        #expect(json.plain == #"{"detail":"too vague","latitude":51.5,"longitude":-0.1,"measured":48.25,"rule":"max-horizontal-accuracy","source_index":7,"stage":"accuracy-gate","threshold":20,"time":"2024-05-18T10:00:00.500Z","unit":"m"}"#)
        #expect(json.snake == json.plain)
    }

    /// A reader rejection has no fix: no time or position; a dimensionless drop has no unit; `line` when the
    /// reader knew it.
    @Test func aReaderRejectionHasNoPositionOrUnit() throws {
        let withLine = Drop(rejected: RejectedRecord(sourceIndex: 3, line: 4, rule: "bad-record", reason: "not a JSON object"))
        #expect(try NDJSONFixCodec.line(DropRecord(withLine)) == #"{"detail":"not a JSON object","line":4,"rule":"bad-record","source_index":3,"stage":"read"}"#)
        let withoutLine = Drop(rejected: RejectedRecord(sourceIndex: 3, rule: "bad-record", reason: "not a JSON object"))
        #expect(try NDJSONFixCodec.line(DropRecord(withoutLine)) == #"{"detail":"not a JSON object","rule":"bad-record","source_index":3,"stage":"read"}"#)
    }

    /// A change 0.001° north along the meridian at the equator: the WGS84 meridian arc there, integrated
    /// numerically with numpy (a(1−e²)/(1−e²sin²φ)^1.5 over 0…0.001°), is 110.574275822 m.
    @Test func aChangeRecordsBothSidesAndHowFarItMoved() throws {
        var before = Fix(time: 1_716_026_400, latitude: 0, longitude: 10, horizontalAccuracy: 5, segment: 1, sourceIndex: 12)
        var after = before
        after.latitude = 0.001
        after.time = 1_716_026_401.25
        after.paused = true
        before.altitude = 3
        after.altitude = 3
        let record = ChangeRecord(FixChange(original: before, updated: after, stage: "kalman-smoother"))
        // The local formula's error for a 110 m step is far below 1 µm (GeodesyReferenceTests).
        #expect(abs(record.moved - 110.574275822) < 1e-6, "\(record.moved)")
        var exact = record
        exact.moved = 110.5
        let json = try Self.bothEncodings(exact)
        #expect(json.plain == #"{"moved":110.5,"original":{"altitude":3,"horizontal_accuracy":5,"latitude":0,"longitude":10,"paused":false,"segment":1,"time":"2024-05-18T10:00:00Z"},"source_index":12,"stage":"kalman-smoother","updated":{"altitude":3,"horizontal_accuracy":5,"latitude":0.001,"longitude":10,"paused":true,"segment":1,"time":"2024-05-18T10:00:01.250Z"}}"#)
        #expect(json.snake == json.plain)
    }

    /// The drops GeoJSON: a located drop is a Point feature whose properties are its DropRecord plus `input`;
    /// a rejection goes to `unlocated` with the same properties.
    @Test func dropsGeoJSONPropertiesAreTheDropRecordAndInput() throws {
        let located = Drop(fix: Self.fix, stage: "accuracy-gate", rule: "max-horizontal-accuracy", measured: 48.25,
                           threshold: 20, unit: .metres)
        let rejected = Drop(rejected: RejectedRecord(sourceIndex: 8, line: 9, rule: "bad-record", reason: "no lat"))
        let provenance = Provenance(pipelineName: "gate", canonicalSpec: "{}", trackpipeVersion: "9.8.7")
        let data = try DropsGeoJSON.encode([("a.gpx", [located, rejected])], provenance: provenance)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(root["type"] as? String == "FeatureCollection")
        let features = try #require(root["features"] as? [[String: Any]])
        #expect(features.count == 1)
        let geometry = try #require(features[0]["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "Point")
        #expect(geometry["coordinates"] as? [Double] == [-0.1, 51.5, 12])
        func withInput(_ d: Drop) throws -> NSDictionary {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(NDJSONFixCodec.line(DropRecord(d)).utf8)) as? [String: Any])
            object["input"] = "a.gpx"
            return object as NSDictionary
        }
        #expect((features[0]["properties"] as? NSDictionary) == (try withInput(located)))
        let unlocated = try #require(root["unlocated"] as? [[String: Any]])
        #expect(unlocated.count == 1)
        #expect((unlocated[0] as NSDictionary) == (try withInput(rejected)))
    }
}
