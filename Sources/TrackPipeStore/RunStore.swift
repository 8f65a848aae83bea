import Foundation
import GRDB

/// The run store: every processed run in one SQLite file (through GRDB), so that badges, personal bests and
/// totals come from the history without reading a track again — MoonRunner kept its runs the same way.
///
/// - The schema is created and upgraded by migrations (``migrator``), from version 1 on; a store made by a later
///   TrackPipe with migrations this one does not know is refused rather than written.
/// - Write-ahead logging: readers never wait for the writer, and a crash loses at most the run being written —
///   each run is one transaction (``record(_:)``).
/// - Several processes may write one store at once (two batch runs): SQLite's lock serialises the writes, and
///   a writer waits up to ``busyTimeout`` seconds for another's transaction instead of failing.
/// - A run is named by its input's content hash and its pipeline's hash: storing it again replaces it.
///
/// Every SQLite failure becomes a ``RunStoreError`` naming the store.
public final class RunStore: Sendable {
    public let path: String
    private let pool: DatabasePool

    /// Seconds a writer waits for another process's transaction.
    public static let busyTimeout: TimeInterval = 60

    public init(path: String) throws {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.foreignKeysEnabled = true
        // Opening switches the file to WAL and runs the migrations; SQLite's busy handler does not cover the
        // switch, so a second process opening a new store at the same moment sees SQLITE_BUSY: wait and retry
        // (within the busy timeout) rather than fail. The migrator reads which migrations are applied before it
        // takes the write lock, so the second of two processes creating or upgrading one store can run a migration
        // again after the first committed it ("table … already exists", "duplicate column name"): retrying reads the
        // applied list anew.
        let deadline = Date().addingTimeInterval(Self.busyTimeout)
        while true {
            do {
                pool = try Self.open(path: path, configuration: configuration)
                return
            } catch let error as DatabaseError where Self.isConcurrentOpening(error) && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            } catch let error as RunStoreError {
                throw error
            } catch {
                throw Self.wrap(error, path: path)
            }
        }
    }

    /// True for the errors another process opening the same new store at the same moment causes.
    private static func isConcurrentOpening(_ error: DatabaseError) -> Bool {
        let message = error.message ?? ""
        return error.resultCode == .SQLITE_BUSY
            || (error.resultCode == .SQLITE_ERROR && (message.contains("already exists") || message.contains("duplicate column name")))
    }

    private static func open(path: String, configuration: Configuration) throws -> DatabasePool {
        let pool = try DatabasePool(path: path, configuration: configuration)
        let migrator = Self.migrator
        if try pool.read({ try migrator.hasBeenSuperseded($0) }) {
            throw RunStoreError(path: path, message: "the store was made by a later TrackPipe (its schema has migrations this one does not know); use that version")
        }
        try migrator.migrate(pool)
        return pool
    }

    /// The schema's migrations, in order. Version 1: runs, their splits, badge checkpoints and kept points.
    /// Version 2: each run's start place (the `places` stage's; NULL for runs stored before, or without it).
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE run (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    input_path TEXT NOT NULL,
                    input_sha256 TEXT NOT NULL,
                    pipeline_sha256 TEXT NOT NULL,
                    pipeline_name TEXT NOT NULL,
                    trackpipe_version TEXT NOT NULL,
                    activity TEXT,
                    start_time REAL,
                    records_read INTEGER NOT NULL,
                    kept INTEGER NOT NULL,
                    dropped INTEGER NOT NULL,
                    distance_m REAL,
                    moving_time_s REAL,
                    elapsed_time_s REAL,
                    stored_at REAL NOT NULL,
                    UNIQUE (input_sha256, pipeline_sha256)
                );
                CREATE INDEX run_start_time ON run (start_time);
                CREATE TABLE split (
                    run_id INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    split_index INTEGER NOT NULL,
                    start_distance_m REAL NOT NULL,
                    end_distance_m REAL NOT NULL,
                    moving_time_s REAL NOT NULL,
                    elapsed_time_s REAL,
                    is_partial INTEGER NOT NULL,
                    PRIMARY KEY (run_id, seq)
                ) WITHOUT ROWID;
                CREATE TABLE badge_checkpoint (
                    run_id INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    badge_name TEXT NOT NULL,
                    badge_distance_m REAL NOT NULL,
                    time REAL,
                    moving_time_s REAL NOT NULL,
                    PRIMARY KEY (run_id, seq)
                ) WITHOUT ROWID;
                CREATE TABLE point (
                    run_id INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    time REAL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    altitude_m REAL,
                    segment INTEGER NOT NULL,
                    distance_m REAL,
                    PRIMARY KEY (run_id, seq)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v2") { db in
            try db.execute(sql: "ALTER TABLE run ADD COLUMN start_place TEXT")
        }
        return migrator
    }

    /// The migrations applied to this store, in order (`["v1", "v2"]`).
    public func appliedMigrations() throws -> [String] {
        try guarded { try pool.read { try Self.migrator.appliedMigrations($0) } }
    }

    /// SQLite's journal mode for this store (`wal`).
    public func journalMode() throws -> String {
        try guarded { try pool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") ?? "" } }
    }

    /// Stores `run` in one transaction, replacing a stored run of the same input and pipeline. Returns its id.
    @discardableResult
    public func record(_ run: StoredRun) throws -> Int64 {
        try guarded {
            try pool.write { db in
                try db.execute(sql: "DELETE FROM run WHERE input_sha256 = ? AND pipeline_sha256 = ?",
                               arguments: [run.inputSHA256, run.pipelineSHA256])
                try db.execute(sql: """
                    INSERT INTO run (input_path, input_sha256, pipeline_sha256, pipeline_name, trackpipe_version, activity,
                                     start_time, records_read, kept, dropped, distance_m, moving_time_s, elapsed_time_s, stored_at,
                                     start_place)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [run.inputPath, run.inputSHA256, run.pipelineSHA256, run.pipelineName, run.trackpipeVersion,
                                     run.activity, Self.finite(run.start), run.recordsRead, run.kept, run.dropped,
                                     Self.finite(run.distance), Self.finite(run.movingTime), Self.finite(run.elapsedTime),
                                     Date().timeIntervalSince1970, run.startPlace])
                let id = db.lastInsertedRowID
                let split = try db.makeStatement(sql: "INSERT INTO split VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                for (seq, s) in run.splits.enumerated() {
                    try split.execute(arguments: [id, seq, s.index, s.startDistance, s.endDistance, s.movingTime, Self.finite(s.elapsedTime), s.isPartial])
                }
                let checkpoint = try db.makeStatement(sql: "INSERT INTO badge_checkpoint VALUES (?, ?, ?, ?, ?, ?)")
                for (seq, c) in run.checkpoints.enumerated() {
                    try checkpoint.execute(arguments: [id, seq, c.badge, c.badgeDistance, Self.finite(c.time), c.movingTime])
                }
                let point = try db.makeStatement(sql: "INSERT INTO point VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                for (seq, p) in run.points.enumerated() {
                    try point.execute(arguments: [id, seq, Self.finite(p.time), p.latitude, p.longitude, Self.finite(p.altitude), p.segment, Self.finite(p.distance)])
                }
                return id
            }
        }
    }

    /// True when the store has the run of the input with content hash `inputSHA256` through the pipeline with
    /// hash `pipelineSHA256` (`--resume --store` runs an input again when it does not).
    public func contains(inputSHA256: String, pipelineSHA256: String) throws -> Bool {
        try guarded {
            try pool.read { db in
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM run WHERE input_sha256 = ? AND pipeline_sha256 = ?)",
                                  arguments: [inputSHA256, pipelineSHA256]) ?? false
            }
        }
    }

    /// Every stored run, by start time (runs without one last), then by input path, then by id: the same order
    /// whichever batch worker stored a run first.
    public func runs() throws -> [StoredRunSummary] {
        try guarded {
            try pool.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT id, input_path, input_sha256, pipeline_sha256, pipeline_name, activity, start_time, records_read, kept,
                           dropped, distance_m, moving_time_s, elapsed_time_s, start_place
                    FROM run ORDER BY start_time IS NULL, start_time, input_path, id
                    """).map { row in
                    StoredRunSummary(id: row["id"], inputPath: row["input_path"], inputSHA256: row["input_sha256"],
                                     pipelineSHA256: row["pipeline_sha256"], pipelineName: row["pipeline_name"], activity: row["activity"],
                                     start: row["start_time"], recordsRead: row["records_read"], kept: row["kept"], dropped: row["dropped"],
                                     distance: row["distance_m"], movingTime: row["moving_time_s"], elapsedTime: row["elapsed_time_s"],
                                     startPlace: row["start_place"])
                }
            }
        }
    }

    /// The stored run `id`'s points with both a time and a cumulative distance, in order: what personal bests
    /// are measured on.
    public func timedDistances(runID id: Int64) throws -> [(time: Double, distance: Double)] {
        try guarded {
            try pool.read { db in
                try Row.fetchAll(db, sql: "SELECT time, distance_m FROM point WHERE run_id = ? AND time IS NOT NULL AND distance_m IS NOT NULL ORDER BY seq",
                                 arguments: [id]).map { ($0["time"], $0["distance_m"]) }
            }
        }
    }

    /// The stored run `id` whole, or nil when there is none.
    public func run(id: Int64) throws -> StoredRun? {
        try guarded {
            try pool.read { db -> StoredRun? in
                guard let row = try Row.fetchOne(db, sql: "SELECT * FROM run WHERE id = ?", arguments: [id]) else { return nil }
                let points = try Row.fetchAll(db, sql: "SELECT * FROM point WHERE run_id = ? ORDER BY seq", arguments: [id]).map {
                    StoredRun.Point(time: $0["time"], latitude: $0["latitude"], longitude: $0["longitude"], altitude: $0["altitude_m"],
                                    segment: $0["segment"], distance: $0["distance_m"])
                }
                let splits = try Row.fetchAll(db, sql: "SELECT * FROM split WHERE run_id = ? ORDER BY seq", arguments: [id]).map {
                    StoredRun.Split(index: $0["split_index"], startDistance: $0["start_distance_m"], endDistance: $0["end_distance_m"],
                                    movingTime: $0["moving_time_s"], elapsedTime: $0["elapsed_time_s"], isPartial: $0["is_partial"])
                }
                let checkpoints = try Row.fetchAll(db, sql: "SELECT * FROM badge_checkpoint WHERE run_id = ? ORDER BY seq", arguments: [id]).map {
                    StoredRun.Checkpoint(badge: $0["badge_name"], badgeDistance: $0["badge_distance_m"], time: $0["time"], movingTime: $0["moving_time_s"])
                }
                return StoredRun(inputPath: row["input_path"], inputSHA256: row["input_sha256"], pipelineSHA256: row["pipeline_sha256"],
                                 pipelineName: row["pipeline_name"], trackpipeVersion: row["trackpipe_version"], activity: row["activity"],
                                 start: row["start_time"], recordsRead: row["records_read"], kept: row["kept"], dropped: row["dropped"],
                                 distance: row["distance_m"], movingTime: row["moving_time_s"], elapsedTime: row["elapsed_time_s"],
                                 points: points, splits: splits, checkpoints: checkpoints, startPlace: row["start_place"])
            }
        }
    }

    /// SQLite stores no infinities or NaN as numbers: a non-finite figure is stored as NULL.
    static func finite(_ value: Double?) -> Double? { value.flatMap { $0.isFinite ? $0 : nil } }

    private func guarded<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw Self.wrap(error, path: path) }
    }

    static func wrap(_ error: any Error, path: String) -> RunStoreError {
        if let e = error as? RunStoreError { return e }
        if let e = error as? DatabaseError {
            return RunStoreError(path: path, message: "SQLite error \(e.resultCode.rawValue): \(e.message ?? "\(e.resultCode)")")
        }
        return RunStoreError(path: path, message: "\(error)")
    }
}
