import Foundation
import Testing
import TestSupport
import TrackPipe
@testable import TrackPipeIO

/// The FIT reader on files written by hand from the protocol (`Tests/Data/fit/make_fit_files.py`: random
/// records with missing values, little- and big-endian definitions, developer fields, compressed timestamps, timer
/// stops and restarts, a session sport) against what an independent decoder, fit-tool, reads from them.
@Suite struct FITEncodedFilesTests {
    struct Expected: Decodable {
        struct Record: Decodable {
            var timestamp: Double?
            var latitude: Double?
            var longitude: Double?
            var altitude: Double?
            var heart_rate: Double?
            var cadence: Double?
            var distance: Double?
            var speed: Double?
            var temperature: Double?
            var gps_accuracy: Double?
        }
        struct Event: Decodable {
            var timestamp: Double
            var event: Int
            var event_type: Int
        }
        struct Session: Decodable {
            var sport: Int?
            var total_distance: Double?
        }
        var records: [Record]
        var events: [Event]
        var session: Session
    }

    @Test(arguments: 0..<8)
    func readsWhatAnIndependentDecoderReads(seed: Int) throws {
        let fitPath = try TestData.path("fit/random-\(seed).fit")
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: URL(fileURLWithPath: try TestData.path("fit/random-\(seed).expected.json"))))
        let bytes = try TrackReader.readFile(fitPath)
        let activity = try bytes.withUnsafeBufferPointer { try FITReader.activity($0, sourceName: fitPath) }
        let track = activity.track
        #expect(track.recordCount == expected.records.count)
        #expect(activity.recordDistances.count == expected.records.count)

        // Timer: a start after a stop is a restart (new segment) and closes a pause.
        var restarts: [Double] = [], pauses: [ClosedRange<Double>] = [], stopped: Double?
        for e in expected.events where e.event == 0 {
            if e.event_type == 0, let s = stopped { restarts.append(e.timestamp); pauses.append(s...e.timestamp); stopped = nil }
            if e.event_type == 1 || e.event_type == 4, stopped == nil { stopped = e.timestamp }
        }
        #expect(activity.timerPauses == pauses)

        let fixes = Dictionary(uniqueKeysWithValues: track.fixes.map { ($0.sourceIndex, $0) })
        let rejected = Dictionary(uniqueKeysWithValues: track.rejected.map { ($0.sourceIndex, $0) })
        func close(_ a: Double?, _ b: Double?, _ tolerance: Double = 1e-9) -> Bool {
            switch (a, b) {
            case (nil, nil): return true
            case let (a?, b?): return abs(a - b) <= tolerance
            default: return false
            }
        }
        for (k, r) in expected.records.enumerated() {
            #expect(close(activity.recordDistances[k], r.distance), "record \(k)")
            guard let lat = r.latitude, let lon = r.longitude else {
                #expect(rejected[k]?.rule == "no-fix", "record \(k)")
                continue
            }
            guard let fix = fixes[k] else {
                Issue.record("record \(k) missing")
                continue
            }
            #expect(fix.time == r.timestamp, "record \(k)")
            #expect(close(fix.latitude, lat) && close(fix.longitude, lon), "record \(k)")
            #expect(close(fix.altitude, r.altitude), "record \(k): \(String(describing: fix.altitude)) vs \(String(describing: r.altitude))")
            #expect(close(fix.speed, r.speed), "record \(k)")
            #expect(fix.heartRate == r.heart_rate && fix.cadence == r.cadence && fix.temperature == r.temperature, "record \(k)")
            #expect(fix.horizontalAccuracy == r.gps_accuracy, "record \(k)")
            #expect(fix.segment == restarts.filter { $0 < r.timestamp! }.count, "record \(k)")
        }
        #expect(close(activity.sessionDistance, expected.session.total_distance))
        let sport = expected.session.sport ?? 0
        let activityExpected: Activity? = [1: .running, 2: .cycling, 11: .walking, 17: .walking][sport] ?? (sport == 0 ? nil : .other)
        #expect(track.activity == activityExpected)
    }

    /// The generated files do exercise what they are for: big-endian definitions, developer fields and
    /// compressed-timestamp headers all occur, read from the bytes rather than trusted from the script.
    @Test func theFilesCoverTheProtocolsCases() throws {
        var bigEndian = 0, developer = 0, compressed = 0
        for seed in 0..<8 {
            let b = try TrackReader.readFile(try TestData.path("fit/random-\(seed).fit"))
            var p = Int(b[0])
            let end = p + Int(UInt32(b[4]) | UInt32(b[5]) << 8 | UInt32(b[6]) << 16 | UInt32(b[7]) << 24)
            var sizes = [Int: Int]()
            while p < end {
                let h = b[p]
                if h & 0x80 != 0 {
                    compressed += 1
                    p += 1 + sizes[Int((h >> 5) & 3)]!
                } else if h & 0x40 != 0 {
                    if b[p + 2] == 1 { bigEndian += 1 }
                    let n = Int(b[p + 5])
                    var size = (0..<n).reduce(0) { $0 + Int(b[p + 6 + 3 * $1 + 1]) }
                    var q = p + 6 + 3 * n
                    if h & 0x20 != 0 {
                        developer += 1
                        let m = Int(b[q])
                        size += (0..<m).reduce(0) { $0 + Int(b[q + 1 + 3 * $1 + 1]) }
                        q += 1 + 3 * m
                    }
                    sizes[Int(h & 0x0F)] = size
                    p = q
                } else {
                    p += 1 + sizes[Int(h & 0x0F)]!
                }
            }
        }
        #expect(bigEndian > 0 && developer > 0 && compressed > 0, "\(bigEndian) \(developer) \(compressed)")
    }
}
