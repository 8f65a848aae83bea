import Foundation
import Testing
@testable import TrackPipe

/// Fix keeps its optional numbers as values plus presence bits (see ``Fix``): "unknown" must stay distinct
/// from zero through every accessor, equality, hashing and JSON, exactly as plain optionals behaved.
struct FixStorageTests {
    /// A fix with every optional field set to a distinct value.
    static let full = Fix(
        time: 1_700_000_000.25, latitude: 51.5, longitude: -0.12, altitude: 35, horizontalAccuracy: 4.5,
        horizontalAccuracyIsEstimated: true, verticalAccuracy: -1, speed: 3.1, course: 271, hdop: 0.9, vdop: 1.3,
        pdop: 1.6, satellites: 11, fixQuality: .dgps, heartRate: 151, cadence: 172, temperature: 14.5,
        segment: 2, paused: true, sourceIndex: 7, received: 1_700_000_003.5)

    @Test func everyFieldReadsBackAsWritten() {
        let f = Self.full
        #expect(f.time == 1_700_000_000.25 && f.altitude == 35 && f.horizontalAccuracy == 4.5)
        #expect(f.verticalAccuracy == -1 && f.speed == 3.1 && f.course == 271)
        #expect(f.hdop == 0.9 && f.vdop == 1.3 && f.pdop == 1.6 && f.satellites == 11)
        #expect(f.heartRate == 151 && f.cadence == 172 && f.temperature == 14.5)
        #expect(f.fixQuality == .dgps && f.horizontalAccuracyIsEstimated && f.paused && f.segment == 2 && f.sourceIndex == 7)
        #expect(f.received == 1_700_000_003.5)
    }

    /// The documented layout: 144 bytes a fix, with segment and satellites in 32 bits, clamped beyond.
    @Test func layoutAndClamping() {
        #expect(MemoryLayout<Fix>.stride == 144)
        var f = Fix(time: nil, latitude: 0, longitude: 0, satellites: Int.max, segment: Int.min, sourceIndex: 0)
        #expect(f.satellites == Int(Int32.max) && f.segment == Int(Int32.min))
        f.segment = 5_000_000_000
        #expect(f.segment == Int(Int32.max))
        f.segment = -3
        #expect(f.segment == -3 && f.received == nil)
    }

    @Test func unknownIsNotZero() {
        let bare = Fix(time: nil, latitude: 1, longitude: 2, sourceIndex: 0)
        #expect(bare.time == nil && bare.altitude == nil && bare.horizontalAccuracy == nil && bare.satellites == nil)
        var zero = bare
        zero.altitude = 0
        zero.satellites = 0
        #expect(zero.altitude == 0 && zero.satellites == 0)
        #expect(zero != bare)
        // Clearing a value makes the fix equal (and hash equal) to one that never had it.
        zero.altitude = nil
        zero.satellites = nil
        #expect(zero == bare && zero.hashValue == bare.hashValue)
        var changed = Self.full
        changed.speed = nil
        changed.speed = 3.1
        #expect(changed == Self.full && changed.hashValue == Self.full.hashValue)
    }

    @Test func nanStaysUnequalAsWithOptionals() {
        let a = Fix(time: 0, latitude: 0, longitude: 0, horizontalAccuracy: .nan, sourceIndex: 0)
        #expect(a.horizontalAccuracy?.isNaN == true)
        #expect(a != a)  // Double? holding NaN was never equal to itself either
    }

    @Test func jsonOmitsUnknownFieldsAndRoundTrips() throws {
        let bare = Fix(time: nil, latitude: 1, longitude: 2, altitude: 0, sourceIndex: 3)
        let object = try #require(JSONSerialization.jsonObject(with: try JSONEncoder().encode(bare)) as? [String: Any])
        // The keys the synthesized conformance of plain optionals wrote: absent values omitted, zero kept.
        #expect(Set(object.keys) == ["latitude", "longitude", "altitude", "horizontalAccuracyIsEstimated", "segment", "paused", "sourceIndex"])
        #expect(try JSONDecoder().decode(Fix.self, from: JSONEncoder().encode(bare)) == bare)
        #expect(try JSONDecoder().decode(Fix.self, from: JSONEncoder().encode(Self.full)) == Self.full)
    }

    @Test func snapshotKeepsWhatStagesChange() {
        let s = FixSnapshot(Self.full)
        #expect(s.sourceIndex == 7 && s.latitude == 51.5 && s.longitude == -0.12 && s.time == 1_700_000_000.25)
        #expect(s.altitude == 35 && s.horizontalAccuracy == 4.5 && s.horizontalAccuracyIsEstimated && s.segment == 2 && s.paused)
        #expect(s.point == Self.full.point)
    }

    @Test func snapshotKeepsEachUnknownUnknown() {
        // Each of the snapshot's optional numbers absent in turn (the snapshot copies Fix's presence bits as
        // they are, so a mismatch of bits would show here as a wrong field present or absent).
        let noTime = Fix(time: nil, latitude: 1, longitude: 2, altitude: 0, horizontalAccuracy: 3, sourceIndex: 0)
        let noAltitude = Fix(time: 5, latitude: 1, longitude: 2, altitude: nil, horizontalAccuracy: 0, sourceIndex: 0)
        let noAccuracy = Fix(time: 0, latitude: 1, longitude: 2, altitude: 7, horizontalAccuracy: nil, sourceIndex: 0)
        let a = FixSnapshot(noTime), b = FixSnapshot(noAltitude), c = FixSnapshot(noAccuracy)
        #expect(a.time == nil && a.altitude == 0 && a.horizontalAccuracy == 3)
        #expect(b.time == 5 && b.altitude == nil && b.horizontalAccuracy == 0)
        #expect(c.time == 0 && c.altitude == 7 && c.horizontalAccuracy == nil)
        // Fields the snapshot does not keep (speed, …) are not mistaken for kept ones.
        #expect(FixSnapshot(Fix(time: nil, latitude: 0, longitude: 0, speed: 3, hdop: 1, sourceIndex: 0)) ==
                FixSnapshot(Fix(time: nil, latitude: 0, longitude: 0, sourceIndex: 0)))
        // Unknown and zero stay distinct through equality and setters.
        var d = a
        #expect(d != FixSnapshot(Fix(time: 0, latitude: 1, longitude: 2, altitude: 0, horizontalAccuracy: 3, sourceIndex: 0)))
        d.time = 0
        #expect(d == FixSnapshot(Fix(time: 0, latitude: 1, longitude: 2, altitude: 0, horizontalAccuracy: 3, sourceIndex: 0)))
        d.time = nil
        #expect(d == a && d.hashValue == a.hashValue)
    }

    @Test func snapshotJSONIsThatOfPlainOptionals() throws {
        let bare = FixSnapshot(Fix(time: nil, latitude: 1, longitude: 2, altitude: 0, sourceIndex: 3))
        let object = try #require(JSONSerialization.jsonObject(with: try JSONEncoder().encode(bare)) as? [String: Any])
        #expect(Set(object.keys) == ["sourceIndex", "latitude", "longitude", "segment", "paused", "horizontalAccuracyIsEstimated", "altitude"])
        #expect(try JSONDecoder().decode(FixSnapshot.self, from: JSONEncoder().encode(bare)) == bare)
        let full = FixSnapshot(Self.full)
        let fullObject = try #require(JSONSerialization.jsonObject(with: try JSONEncoder().encode(full)) as? [String: Any])
        #expect(fullObject["time"] as? Double == 1_700_000_000.25 && fullObject["horizontalAccuracy"] as? Double == 4.5)
        #expect(try JSONDecoder().decode(FixSnapshot.self, from: JSONEncoder().encode(full)) == full)
    }

    @Test func stageLabelsAreInternedByName() async {
        let a = StageLabel("kalman-smoother"), b = StageLabel("kalman-" + "smoother"), c = StageLabel("auto-pause")
        #expect(a == b && a.id == b.id && a.name == "kalman-smoother")
        #expect(a != c && c.name == "auto-pause")
        // Interning from many tasks at once gives every name one number.
        let ids = await withTaskGroup(of: (Int, UInt32).self) { group in
            for i in 0..<64 { group.addTask { (i % 8, StageLabel("concurrent-\(i % 8)").id) } }
            var seen: [Int: Set<UInt32>] = [:]
            for await (k, id) in group { seen[k, default: []].insert(id) }
            return seen
        }
        #expect(ids.count == 8 && ids.values.allSatisfy { $0.count == 1 })
        #expect(Set(ids.values.map { $0.first! }).count == 8)
    }

    @Test func aChangeKeepsItsStageAsTextThroughJSON() throws {
        var change = FixChange(original: Fix(time: 1, latitude: 1, longitude: 2, sourceIndex: 7),
                               updated: Fix(time: 1, latitude: 1.5, longitude: 2, sourceIndex: 7), stage: "kalman-smoother")
        #expect(change.stage == "kalman-smoother")
        let object = try #require(JSONSerialization.jsonObject(with: try JSONEncoder().encode(change)) as? [String: Any])
        #expect(Set(object.keys) == ["original", "updated", "stage"] && object["stage"] as? String == "kalman-smoother")
        #expect(try JSONDecoder().decode(FixChange.self, from: JSONEncoder().encode(change)) == change)
        change.stage = "smoother-2"
        #expect(change.stageLabel == StageLabel("smoother-2"))
    }
}
