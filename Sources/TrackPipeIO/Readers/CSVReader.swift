import Foundation
import TrackPipe

/// Reads delimiter-separated values with a header row (delimiter `,`, `;` or tab, detected from the header).
///
/// Header names are matched case-insensitively with the aliases of ``TrackField`` (`time`/`timestamp`/
/// `unix_time`/`time_iso8601`, `lat`/`latitude`, `lon`/`lng`/`longitude`, `ele`/`alt`/`altitude`,
/// `accuracy`/`horizontal_accuracy`/`hAcc`, …); unknown columns are ignored. Latitude and longitude columns are
/// required. Times are ISO 8601 or Unix seconds; when several time columns exist the ISO 8601 one wins, then
/// Unix seconds, then milliseconds. Lines starting with `#` before the header are comments, skipped whole
/// whatever they contain (``CSVWriter`` puts the run's provenance in one).
///
/// Every data row is one record (`Fix.sourceIndex` = 0-based data row). A row with a missing or
/// invalid coordinate, an unparseable time or number becomes a `RejectedRecord` naming its line,
/// column and field.
public enum CSVReader {
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, sourceName: String) throws -> Track {
        let records = CSVTokenizer.records(bytes, delimiter: CSVTokenizer.detectDelimiter(skipComments(bytes)))
        guard let header = records.first else {
            throw TrackReadError(file: sourceName, message: "the file has no header row; expected a CSV header such as time,lat,lon")
        }
        // Column index per field; the first column naming a field wins.
        var columns: [TrackField: Int] = [:]
        for (k, name) in header.fields.enumerated() {
            if let f = TrackField(columnName: name), columns[f] == nil { columns[f] = k }
        }
        guard let latColumn = columns[.latitude], let lonColumn = columns[.longitude] else {
            let missing = columns[.latitude] == nil ? "latitude (lat, latitude)" : "longitude (lon, lng, longitude)"
            throw TrackReadError(file: sourceName, line: header.line, column: 1, message:
                "no \(missing) column in the header; found columns: \(header.fields.joined(separator: ", "))")
        }
        let timeField: TrackField? = [.time, .unixSeconds, .unixMilliseconds].first { columns[$0] != nil }
        var used: [(TrackField, Int)] = columns.filter {
            $0.key != .latitude && $0.key != .longitude && $0.key != .time && $0.key != .unixSeconds
                && $0.key != .unixMilliseconds
        }.map { ($0.key, $0.value) }.sorted { $0.1 < $1.1 }
        if let timeField, let c = columns[timeField] { used.insert((timeField, c), at: 0) }
        used.insert((.longitude, lonColumn), at: 0)
        used.insert((.latitude, latColumn), at: 0)

        var track = Track(sourceFormat: TrackFormat.csv.rawValue)
        track.fixes.reserveCapacity(records.count)
        for (index, record) in records.dropFirst().enumerated() {
            var fix = Fix(time: nil, latitude: .nan, longitude: .nan, sourceIndex: index)
            var problem: (String, String, Int)?
            for (field, column) in used {
                guard column < record.fields.count else { continue }
                do {
                    try FieldValue.apply(field, record.fields[column], to: &fix, columnName: header.fields[column])
                } catch {
                    problem = (error.rule, error.reason, record.columns[column])
                    break
                }
            }
            if problem == nil, fix.latitude.isNaN || fix.longitude.isNaN {
                let latText = latColumn < record.fields.count ? record.fields[latColumn] : ""
                let lonText = lonColumn < record.fields.count ? record.fields[lonColumn] : ""
                let noLatitude = FieldValue.trimmed(latText).isEmpty
                if noLatitude || FieldValue.trimmed(lonText).isEmpty {
                    problem = ("missing-coordinate", "the row has no \(noLatitude ? "latitude" : "longitude") value", 1)
                }
            }
            if problem == nil, let p = CoordinateCheck.problem(latitude: fix.latitude, longitude: fix.longitude) {
                problem = (p.rule, p.reason, 1)
            }
            if let (rule, reason, column) = problem {
                track.rejected.append(RejectedRecord(sourceIndex: index, line: record.line, column: column,
                                                     rule: rule, reason: reason))
                continue
            }
            fix.estimateAccuracyFromHDOPIfMissing()
            track.fixes.append(fix)
        }
        return track
    }

    /// The bytes from the header line on — after a byte-order mark, blank lines and `#` comments — so the
    /// delimiter is detected on the header.
    static func skipComments(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var i = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        while i < bytes.count, bytes[i] == 35 || bytes[i] == 10 || bytes[i] == 13 {
            if bytes[i] == 35 {
                while i < bytes.count, bytes[i] != 10 { i += 1 }
            }
            i += 1
        }
        return UnsafeBufferPointer(rebasing: bytes[min(i, bytes.count)...])
    }
}
