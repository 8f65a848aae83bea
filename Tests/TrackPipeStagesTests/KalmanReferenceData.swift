import Foundation
import TrackPipe
import TestSupport

/// The independent Kalman reference in Tests/Data/reference/kalman/ (filterpy + pykalman), read for tests.
/// The input is cleaned here exactly as the reference's README says (the gate stages live elsewhere):
/// drop horizontal_accuracy ≤ 0, stable-sort by unix_time, drop a row whose time equals the previous kept one.
struct KalmanReferenceData {
    struct InputRow {
        var row: Int
        var time: Double
        var latitude: Double
        var longitude: Double
        var accuracy: Double
    }

    /// One row of expected_2300.csv, by column name.
    struct ExpectedRow {
        var values: [String: Double]
        subscript(_ name: String) -> Double { values[name] ?? .nan }
    }

    var cleaned: [InputRow]
    var expected: [ExpectedRow]

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    static func load() throws -> KalmanReferenceData {
        let input = try table(URL(fileURLWithPath: try TestData.kalmanReference("input_2300.csv")))
        var rows: [InputRow] = []
        for (i, r) in input.enumerated() {
            guard let t = r["unix_time"], let lat = r["lat"], let lon = r["lon"], let acc = r["horizontal_accuracy"] else {
                throw Missing(description: "input_2300.csv row \(i) lacks a column")
            }
            rows.append(InputRow(row: i, time: t, latitude: lat, longitude: lon, accuracy: acc))
        }
        // The README's cleaning (Swift's sort is not stable: sort by (time, row) to make it so).
        let valid = rows.filter { $0.accuracy > 0 }.sorted { ($0.time, $0.row) < ($1.time, $1.row) }
        var cleaned: [InputRow] = []
        for r in valid where cleaned.last?.time != r.time { cleaned.append(r) }
        let expected = try table(URL(fileURLWithPath: try TestData.kalmanReference("expected_2300.csv"))).map(ExpectedRow.init(values:))
        return KalmanReferenceData(cleaned: cleaned, expected: expected)
    }

    /// A simple CSV (no quoting) as rows of column name → number (non-numeric cells are left out).
    static func table(_ url: URL) throws -> [[String: Double]] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.split(whereSeparator: \.isNewline).map(String.init)
        guard !lines.isEmpty else { return [] }
        let header = lines.removeFirst().split(separator: ",").map(String.init)
        return lines.map { line in
            var row: [String: Double] = [:]
            for (name, cell) in zip(header, line.split(separator: ",", omittingEmptySubsequences: false)) {
                if let v = Double(cell) { row[name] = v }
            }
            return row
        }
    }

    /// The cleaned input as fixes (sourceIndex = input data row).
    var fixes: [Fix] {
        cleaned.map { Fix(time: $0.time, latitude: $0.latitude, longitude: $0.longitude, horizontalAccuracy: $0.accuracy, sourceIndex: $0.row) }
    }
}
