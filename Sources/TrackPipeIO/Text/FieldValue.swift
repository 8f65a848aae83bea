import Foundation
import TrackPipe

/// Puts a textual value into the matching `Fix` field, for the column-oriented readers
/// (CSV, GeoJSON properties, GnssLogger). Empty text means "unknown" and leaves the field `nil`.
enum FieldValue {
    /// A problem with a value: the rule and a sentence.
    struct Problem: Error {
        var rule: String
        var reason: String
    }

    /// Parses a time cell: ISO 8601, or a number of Unix seconds (milliseconds above 1e11); `nil` when it is
    /// neither, or outside years 1–9999 (``ISO8601Time/representable``).
    static func time(_ text: String, field: TrackField) -> Double? {
        if let v = DecimalText.parseDouble(text) {
            let t = seconds(v, field: field)
            return ISO8601Time.isRepresentable(t) ? t : nil
        }
        if field == .time { return ISO8601Time.parse(text) }
        return nil
    }

    /// A numeric time as Unix seconds: milliseconds for ``TrackField/unixMilliseconds``, and for any time
    /// column a value above 1e11 (year 5138 in seconds, 1973 in milliseconds) is taken as milliseconds.
    static func seconds(_ v: Double, field: TrackField) -> Double {
        field == .unixMilliseconds || abs(v) > 1e11 ? v / 1000 : v
    }

    /// Sets `field` of `fix` from `text`. Latitude and longitude go through the returned fix's coordinates;
    /// callers check them with ``CoordinateCheck``.
    /// `columnName` is only for messages, so it is built only when a value fails.
    static func apply(_ field: TrackField, _ rawText: String, to fix: inout Fix, columnName: @autoclosure () -> String) throws(Problem) {
        let text = trimmed(rawText)
        if text.isEmpty { return }
        switch field {
        case .time, .unixSeconds, .unixMilliseconds:
            guard let t = time(text, field: field) else {
                throw Problem(rule: "unparseable-time",
                              reason: "\(columnName()) \"\(text)\" is neither an ISO 8601 date-time nor Unix \(field == .unixMilliseconds ? "milliseconds" : "seconds") within years 1–9999")
            }
            fix.time = t
        case .received:
            guard let t = time(text, field: .time) else {
                throw Problem(rule: "unparseable-time",
                              reason: "\(columnName()) \"\(text)\" is neither an ISO 8601 date-time nor Unix seconds within years 1–9999")
            }
            fix.received = t
        case .fixQuality:
            guard let q = FixQuality(rawValue: text.lowercased()) else {
                throw Problem(rule: "unparseable-value", reason: "\(columnName()) \"\(text)\" is not one of "
                              + FixQuality.allCases.map(\.rawValue).joined(separator: ", "))
            }
            fix.fixQuality = q
        case .paused:
            switch text.lowercased() {
            case "true", "1", "yes": fix.paused = true
            case "false", "0", "no": fix.paused = false
            default: throw Problem(rule: "unparseable-value", reason: "\(columnName()) \"\(text)\" is not true or false")
            }
        default:
            guard let v = DecimalText.parseDouble(text) else {
                throw Problem(rule: field == .latitude || field == .longitude ? "unparseable-coordinate" : "unparseable-value",
                              reason: "\(columnName()) \"\(text)\" is not a number")
            }
            try apply(field, number: v, to: &fix, columnName: columnName())
        }
    }

    /// `text` without leading and trailing spaces and tabs; `text` itself (no copy) when it has none.
    /// (Foundation's `trimmingCharacters(in:)` bridges through NSString and cost 80 % of a CSV read.)
    static func trimmed(_ text: String) -> String {
        let u = text.utf8
        guard let first = u.first, let last = u.last else { return text }
        if first != 32, first != 9, last != 32, last != 9 { return text }
        var start = u.startIndex, end = u.endIndex
        while start < end, u[start] == 32 || u[start] == 9 { start = u.index(after: start) }
        while end > start, u[u.index(before: end)] == 32 || u[u.index(before: end)] == 9 { end = u.index(before: end) }
        return String(text[start..<end])
    }

    /// Sets `field` of `fix` from a number already parsed (a JSON number, or a cell's text): times are Unix
    /// seconds (milliseconds above 1e11, or for ``TrackField/unixMilliseconds``); `paused` is 0 or 1.
    static func apply(_ field: TrackField, number v: Double, to fix: inout Fix, columnName: @autoclosure () -> String) throws(Problem) {
        var text: String { DecimalText.format(v) ?? "\(v)" }  // for messages only
        if field != .latitude, field != .longitude, !v.isFinite {
            throw Problem(rule: [.time, .unixSeconds, .unixMilliseconds, .received].contains(field) ? "unparseable-time" : "unparseable-value",
                          reason: "\(columnName()) \"\(v)\" is not a finite number")
        }
        switch field {
        case .time, .unixSeconds, .unixMilliseconds:
            let t = seconds(v, field: field)
            guard ISO8601Time.isRepresentable(t) else {
                throw Problem(rule: "unparseable-time", reason: "\(columnName()) \(text) is not Unix \(field == .unixMilliseconds ? "milliseconds" : "seconds") within years 1–9999")
            }
            fix.time = t
        case .received:
            guard ISO8601Time.isRepresentable(v) else {
                throw Problem(rule: "unparseable-time", reason: "\(columnName()) \(text) is not Unix seconds within years 1–9999")
            }
            fix.received = v
        case .latitude: fix.latitude = v
        case .longitude: fix.longitude = v
        case .altitude: fix.altitude = v
        case .horizontalAccuracy: fix.horizontalAccuracy = v
        case .verticalAccuracy: fix.verticalAccuracy = v
        case .speed: fix.speed = v
        case .course: fix.course = v
        case .hdop: fix.hdop = v
        case .vdop: fix.vdop = v
        case .pdop: fix.pdop = v
        case .heartRate: fix.heartRate = v
        case .cadence: fix.cadence = v
        case .temperature: fix.temperature = v
        case .satellites:
            guard v >= 0, v < 1000, v.rounded() == v else {
                throw Problem(rule: "unparseable-value", reason: "\(columnName()) \(text) is not a count of satellites")
            }
            fix.satellites = Int(v)
        case .segment:
            guard v >= 0, v < 1e9, v.rounded() == v else {
                throw Problem(rule: "unparseable-value", reason: "\(columnName()) \(text) is not a segment number")
            }
            fix.segment = Int(v)
        case .fixQuality:
            throw Problem(rule: "unparseable-value", reason: "\(columnName()) \(text) is not one of "
                          + FixQuality.allCases.map(\.rawValue).joined(separator: ", "))
        case .paused:
            guard v == 0 || v == 1 else {
                throw Problem(rule: "unparseable-value", reason: "\(columnName()) \(text) is not true or false")
            }
            fix.paused = v == 1
        }
    }
}
