import Foundation
import TrackPipe
import TrackPipeIO

/// The per-fix truth file `NAME.truth.csv` next to a dataset `NAME.gpx` (or any track format): one row per
/// record of the track, with a header row:
///
///     source_index,time,true_time,lat,lon,cumulative_distance_m,moving,anomaly
///
/// - `source_index`: the record's 0-based index in the track file (`Fix.sourceIndex`); every index
///   of the track appears exactly once.
/// - `time`: the timestamp the track's record carries, seconds since 1970 UTC — what lines the two files up.
/// - `true_time`: when the fix was really taken (differs from `time` where the clock was faulty), s.
/// - `lat`, `lon`: the true position, WGS84 degrees.
/// - `cumulative_distance_m`: true distance run from the start to this fix, metres.
/// - `moving`: `true` or `false` — was the runner moving at `true_time`.
/// - `anomaly`: `AnomalyKind` raw value (`none`, `warm-up`, `multipath`, `jump`, `cell-fix`,
///   `out-of-order`, `duplicate-time`, `clock-jump`).
public enum TruthCSV {
    public static let header = ["source_index", "time", "true_time", "lat", "lon", "cumulative_distance_m", "moving", "anomaly"]

    /// The file's bytes: times to the millisecond, coordinates to 1e-8° (1 mm), distances to the millimetre.
    public static func encode(_ rows: [FixTruth]) -> [UInt8] {
        var out = header.joined(separator: ",") + "\n"
        out.reserveCapacity(rows.count * 90)
        func number(_ v: Double, _ decimals: Int) -> String {
            let scale = pow(10.0, Double(decimals))
            return DecimalText.format((v * scale).rounded() / scale) ?? "nan"
        }
        for r in rows {
            out += "\(r.sourceIndex),\(number(r.time, 3)),\(number(r.trueTime, 3)),\(number(r.latitude, 8)),\(number(r.longitude, 8)),"
            out += "\(number(r.cumulativeDistance, 3)),\(r.moving),\(r.anomaly.rawValue)\n"
        }
        return Array(out.utf8)
    }

    /// Parses a truth file; `file` names it in errors. Rows come back ordered by source index.
    public static func decode(_ bytes: [UInt8], file: String) throws -> [FixTruth] {
        let records = bytes.withUnsafeBufferPointer { CSVTokenizer.records($0, delimiter: 44) }
        guard let head = records.first else { throw TruthFileError(file: file, message: "the file is empty; expected the header \(header.joined(separator: ","))") }
        let names = head.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        var column: [String: Int] = [:]
        for name in header {
            guard let i = names.firstIndex(of: name) else {
                throw TruthFileError(file: file, line: head.line, message: "missing column '\(name)'; expected the header \(header.joined(separator: ","))")
            }
            column[name] = i
        }
        var rows: [FixTruth] = []
        rows.reserveCapacity(records.count - 1)
        var seen = Set<Int>()
        for record in records.dropFirst() {
            func field(_ name: String) -> String {
                let i = column[name]!
                return i < record.fields.count ? record.fields[i].trimmingCharacters(in: .whitespaces) : ""
            }
            func fail(_ name: String, _ expected: String) -> TruthFileError {
                TruthFileError(file: file, line: record.line, message: "column '\(name)': expected \(expected), found '\(field(name))'")
            }
            func number(_ name: String) throws -> Double {
                guard let v = DecimalText.parseDouble(field(name)), v.isFinite else { throw fail(name, "a number") }
                return v
            }
            guard let index = Int(field("source_index")), index >= 0 else { throw fail("source_index", "a whole number ≥ 0") }
            guard seen.insert(index).inserted else {
                throw TruthFileError(file: file, line: record.line, message: "source index \(index) appears twice")
            }
            let lat = try number("lat"), lon = try number("lon")
            guard (-90...90).contains(lat) else { throw fail("lat", "a latitude in -90…90") }
            guard (-180...180).contains(lon) else { throw fail("lon", "a longitude in -180…180") }
            let moving: Bool
            switch field("moving").lowercased() {
            case "true", "1": moving = true
            case "false", "0": moving = false
            default: throw fail("moving", "true or false")
            }
            guard let anomaly = AnomalyKind(rawValue: field("anomaly")) else {
                throw fail("anomaly", "one of " + AnomalyKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            rows.append(FixTruth(sourceIndex: index, time: try number("time"), trueTime: try number("true_time"),
                                 latitude: lat, longitude: lon, cumulativeDistance: try number("cumulative_distance_m"),
                                 moving: moving, anomaly: anomaly))
        }
        return rows.sorted { $0.sourceIndex < $1.sourceIndex }
    }

    /// Checks that `rows` (from `truthFile`) line up with `track` (from `trackFile`): one row per record, every
    /// source index present, row times within the track's time span and equal (to 1 ms) to the times of the
    /// fixes they describe. Throws a ``TruthFileError`` naming both files.
    public static func checkAlignment(_ rows: [FixTruth], truthFile: String, track: Track, trackFile: String) throws {
        func mismatch(_ message: String) -> TruthFileError { TruthFileError(file: truthFile, track: trackFile, message: message) }
        guard rows.count == track.recordCount else {
            throw mismatch("the truth has \(rows.count) rows but the track has \(track.recordCount) records; there must be one row per record")
        }
        for (i, row) in rows.enumerated() where row.sourceIndex != i {
            throw mismatch("source index \(i) has no row (indices must run 0…\(rows.count - 1))")
        }
        let times = track.fixes.compactMap(\.time)
        if let lo = times.min(), let hi = times.max() {
            for row in rows where row.time < lo - 1e-3 || row.time > hi + 1e-3 {
                throw mismatch("row for source index \(row.sourceIndex) has time \(ISO8601Time.format(row.time) ?? "\(row.time)"), outside the track's time span \(ISO8601Time.format(lo) ?? "\(lo)") … \(ISO8601Time.format(hi) ?? "\(hi)")")
            }
        }
        for fix in track.fixes {
            guard fix.sourceIndex < rows.count else { throw mismatch("the track's record \(fix.sourceIndex) has no truth row") }
            if let t = fix.time, abs(rows[fix.sourceIndex].time - t) > 1e-3 {
                throw mismatch("row for source index \(fix.sourceIndex) has time \(ISO8601Time.format(rows[fix.sourceIndex].time) ?? "?") but the track's record has \(ISO8601Time.format(t) ?? "?")")
            }
        }
    }
}
