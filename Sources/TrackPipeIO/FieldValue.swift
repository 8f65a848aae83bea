import Foundation
import TrackPipe

/// Puts a textual value into the matching ``TrackPipe/Fix`` field, for the column-oriented readers
/// (CSV, GeoJSON properties, GnssLogger). Empty text means "unknown" and leaves the field `nil`.
enum FieldValue {
    /// A problem with a value: the rule and a sentence.
    struct Problem: Error {
        var rule: String
        var reason: String
    }

    /// Parses a time cell: ISO 8601, or a number of Unix seconds (milliseconds above 1e11).
    static func time(_ text: String, field: TrackField) -> Double? {
        if let v = DecimalText.parseDouble(text), v.isFinite {
            switch field {
            case .unixMilliseconds: return v / 1000
            default: return abs(v) > 1e11 ? v / 1000 : v
            }
        }
        if field == .time { return ISO8601Time.parse(text) }
        return nil
    }

    /// Sets `field` of `fix` from `text`. Latitude and longitude go through the returned fix's coordinates;
    /// callers check them with ``CoordinateCheck``.
    static func apply(_ field: TrackField, _ rawText: String, to fix: inout Fix, columnName: String) throws(Problem) {
        let text = rawText.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return }
        func number() throws(Problem) -> Double {
            guard let v = DecimalText.parseDouble(text) else {
                throw Problem(rule: field == .latitude || field == .longitude ? "unparseable-coordinate" : "unparseable-value",
                              reason: "\(columnName) \"\(text)\" is not a number")
            }
            if field != .latitude, field != .longitude, !v.isFinite {
                throw Problem(rule: "unparseable-value", reason: "\(columnName) \"\(text)\" is not a finite number")
            }
            return v
        }
        switch field {
        case .time, .unixSeconds, .unixMilliseconds:
            guard let t = time(text, field: field) else {
                throw Problem(rule: "unparseable-time",
                              reason: "\(columnName) \"\(text)\" is neither an ISO 8601 date-time nor Unix \(field == .unixMilliseconds ? "milliseconds" : "seconds")")
            }
            fix.time = t
        case .latitude: fix.latitude = try number()
        case .longitude: fix.longitude = try number()
        case .altitude: fix.altitude = try number()
        case .horizontalAccuracy: fix.horizontalAccuracy = try number()
        case .verticalAccuracy: fix.verticalAccuracy = try number()
        case .speed: fix.speed = try number()
        case .course: fix.course = try number()
        case .hdop: fix.hdop = try number()
        case .vdop: fix.vdop = try number()
        case .pdop: fix.pdop = try number()
        case .heartRate: fix.heartRate = try number()
        case .cadence: fix.cadence = try number()
        case .temperature: fix.temperature = try number()
        case .satellites:
            let v = try number()
            guard v >= 0, v < 1000, v.rounded() == v else {
                throw Problem(rule: "unparseable-value", reason: "\(columnName) \(text) is not a count of satellites")
            }
            fix.satellites = Int(v)
        case .segment:
            let v = try number()
            guard v >= 0, v < 1e9, v.rounded() == v else {
                throw Problem(rule: "unparseable-value", reason: "\(columnName) \(text) is not a segment number")
            }
            fix.segment = Int(v)
        case .fixQuality:
            guard let q = FixQuality(rawValue: text.lowercased()) else {
                throw Problem(rule: "unparseable-value", reason: "\(columnName) \"\(text)\" is not one of "
                              + FixQuality.allCases.map(\.rawValue).joined(separator: ", "))
            }
            fix.fixQuality = q
        case .paused:
            switch text.lowercased() {
            case "true", "1", "yes": fix.paused = true
            case "false", "0", "no": fix.paused = false
            default: throw Problem(rule: "unparseable-value", reason: "\(columnName) \"\(text)\" is not true or false")
            }
        }
    }
}
