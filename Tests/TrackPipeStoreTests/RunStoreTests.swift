import Foundation
import TestSupport
import GRDB
import Testing
import TrackPipe
@testable import TrackPipeStore

/// The run store against values written by hand: what is stored comes back, storing again replaces, the
/// schema is at version 2 in WAL mode (a version-1 store is upgraded), a store from a later TrackPipe is refused, and SQLite's failures are errors
/// naming the store.
struct RunStoreTests {
    func temporaryStore() throws -> String {
        try Scratch.directory("store").appendingPathComponent("runs.sqlite").path
    }

    static func run(_ name: String, hash: String, start: Double, distance: Double) -> StoredRun {
        let points = (0..<5).map { (k: Int) -> StoredRun.Point in
            let step = Double(k)
            let altitude: Double? = k == 2 ? nil : 40
            return StoredRun.Point(time: start + step * 100, latitude: 51.5, longitude: -0.12 + step * 0.001,
                                   altitude: altitude, segment: k < 3 ? 0 : 1, distance: step * distance / 4)
        }
        return StoredRun(inputPath: name, inputSHA256: hash, pipelineSHA256: "p", pipelineName: "default", trackpipeVersion: "test",
                         activity: "running", start: start, recordsRead: 6, kept: 5, dropped: 1, distance: distance, movingTime: 400,
                         elapsedTime: 400, points: points,
                         splits: [.init(index: 1, startDistance: 0, endDistance: 1000, movingTime: 250, elapsedTime: nil, isPartial: false)],
                         checkpoints: [.init(badge: "Moon", badgeDistance: 500, time: start + 50, movingTime: 50)],
                         startPlace: "Lambeth, United Kingdom")
    }

    @Test func aStoredRunComesBackWhole() throws {
        let store = try RunStore(path: try temporaryStore())
        let a = Self.run("a.gpx", hash: "A", start: 1_700_000_000, distance: 1600)
        let id = try store.record(a)
        #expect(try store.run(id: id) == a)
        #expect(try store.run(id: id + 1) == nil)
        #expect(try store.timedDistances(runID: id).map(\.distance) == [0, 400, 800, 1200, 1600])
    }

    @Test func storingTheSameInputAndPipelineAgainReplacesIt() throws {
        let path = try temporaryStore()
        let store = try RunStore(path: path)
        try store.record(Self.run("a.gpx", hash: "A", start: 1_700_000_000, distance: 1600))
        try store.record(Self.run("b.gpx", hash: "B", start: 1_600_000_000, distance: 900))
        try store.record(Self.run("a-renamed.gpx", hash: "A", start: 1_700_000_000, distance: 1700))
        let runs = try store.runs()
        // Ordered by start; the replaced run's points, splits and checkpoints went with it.
        #expect(runs.map(\.inputPath) == ["b.gpx", "a-renamed.gpx"] && runs.map(\.distance) == [900, 1700])
        let reopened = try RunStore(path: path)
        #expect(try reopened.runs().count == 2)
        #expect(try reopened.appliedMigrations() == ["v1", "v2"] && reopened.journalMode() == "wal")
        #expect(runs.map(\.startPlace) == ["Lambeth, United Kingdom", "Lambeth, United Kingdom"])
        let points = try GRDBCount.rows(path, "SELECT COUNT(*) FROM point") + GRDBCount.rows(path, "SELECT COUNT(*) FROM split")
        #expect(points == 10 + 2)
    }

    @Test func aStoreFromALaterVersionOrNotAStoreIsRefused() throws {
        let path = try temporaryStore()
        _ = try RunStore(path: path)
        try GRDBCount.execute(path, "INSERT INTO grdb_migrations (identifier) VALUES ('v3')")
        #expect(throws: RunStoreError.self) { try RunStore(path: path) }
        do { _ = try RunStore(path: path) } catch let e as RunStoreError { #expect(e.description.contains("made by a later TrackPipe")) }
        let text = try temporaryStore()
        try "not a database at all, just text that is long enough to be a page header".write(toFile: text, atomically: true, encoding: .utf8)
        do {
            _ = try RunStore(path: text)
            Issue.record("a text file opened as a store")
        } catch let e as RunStoreError {
            #expect(e.description.hasPrefix(text + ": SQLite error 26"), "\(e)")
        }
    }

    /// A store made before version 2 (its run table without `start_place`) is upgraded when opened: its runs are
    /// kept, without a place, and runs stored afterwards keep theirs.
    @Test func aVersionOneStoreIsUpgraded() throws {
        let path = try temporaryStore()
        let queue = try DatabaseQueue(path: path)
        try RunStore.migrator.migrate(queue, upTo: "v1")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO run (input_path, input_sha256, pipeline_sha256, pipeline_name, trackpipe_version, start_time,
                                 records_read, kept, dropped, distance_m, stored_at)
                VALUES ('old.gpx', 'O', 'p', 'default', '0.1.0', 1600000000, 10, 9, 1, 2500, 1600000100)
                """)
        }
        try queue.close()
        let store = try RunStore(path: path)
        #expect(try store.appliedMigrations() == ["v1", "v2"])
        try store.record(Self.run("new.gpx", hash: "N", start: 1_700_000_000, distance: 1600))
        let runs = try store.runs()
        #expect(runs.map(\.inputPath) == ["old.gpx", "new.gpx"])
        #expect(runs.map(\.startPlace) == [nil, "Lambeth, United Kingdom"])
        #expect(runs.first?.distance == 2500)
    }

    @Test func personalBestsByHand() {
        // 4 m/s for 2 km, then 5 m/s for 1 km: the fastest km is the last (200 s); the fastest 2 km starts 1 km
        // in (250 s + 200 s = 450 s); 3 km is the whole run (500 + 200 = 700 s); 5 km cannot be measured.
        var points: [(time: Double, distance: Double)] = []
        for k in 0...20 { points.append((Double(k) * 25, Double(k) * 100)) }
        for k in 1...10 { points.append((500 + Double(k) * 20, 2000 + Double(k) * 100)) }
        #expect(PersonalBests.fastest(points, over: 1000) == 200)
        #expect(PersonalBests.fastest(points, over: 2000) == 450)
        #expect(PersonalBests.fastest(points, over: 3000) == 700)
        #expect(PersonalBests.fastest(points, over: 5000) == nil)
        // Between points: 150 m at the faster 5 m/s is 30 s (interpolated half way into a 100-m step).
        #expect(PersonalBests.fastest(points, over: 150) == 30)
        #expect(PersonalBests.fastest([(0, 0), (10, 100)], over: 50) == 5)
    }

    @Test func totalsPerWeekAndMonthInUTC() {
        func run(_ id: Int64, _ start: Double?, _ distance: Double) -> StoredRunSummary {
            StoredRunSummary(id: id, inputPath: "\(id)", inputSHA256: "\(id)", pipelineSHA256: "p", pipelineName: "d", activity: nil,
                             start: start, recordsRead: 1, kept: 1, dropped: 0, distance: distance, movingTime: 100, elapsedTime: 100)
        }
        // 2026-11-29 is a Sunday (ISO week 48), 23:30 UTC; 2026-11-30 a Monday (week 49); 2026-12-01 in December.
        let runs = [run(1, 1_795_995_000, 5000), run(2, 1_796_000_400, 3000), run(3, 1_796_110_000, 2000), run(4, nil, 9000)]
        #expect(HistoryTotals.totals(runs, by: .week).map { "\($0.period) \($0.runs) \($0.distance)" } == ["2026-W48 1 5000.0", "2026-W49 2 5000.0"])
        #expect(HistoryTotals.totals(runs, by: .month).map { "\($0.period) \($0.runs) \($0.distance)" } == ["2026-11 2 8000.0", "2026-12 1 2000.0"])
    }
}
