import Foundation
import TrackPipe
import TrackPipeIO

/// What `trackpipe info` reports about one track. Distances in metres, times in seconds (SI); the text
/// rendering converts for people.
struct TrackSummary: Codable, Equatable {
    struct BoundingBox: Codable, Equatable {
        var minLatitude: Double
        var maxLatitude: Double
        var minLongitude: Double
        var maxLongitude: Double
    }

    /// Counts of fixes carrying a value the source marked invalid.
    struct InvalidCounts: Codable, Equatable {
        /// Negative horizontal accuracy (the source said the position is invalid).
        var invalidHorizontalAccuracy: Int
        /// Negative vertical accuracy (no GPS altitude: a cell-tower or Wi-Fi fix).
        var noGPSAltitude: Int
        /// Fix quality `none` (the receiver had no fix).
        var noFix: Int
        /// Fixes with at least one of the above.
        var fixesWithInvalidValues: Int
        /// Fixes whose time is not later than the previous fix's in the same segment (duplicates, out of order).
        var timeNotIncreasing: Int
    }

    var file: String
    var format: String?
    var name: String?
    var activity: String?
    var fixes: Int
    var rejectedRecords: Int
    var segments: Int
    var start: String?
    var end: String?
    var durationSeconds: Double?
    /// Sum of `Geodesy.local(_:_:)` distances between consecutive fixes of the same segment,
    /// nothing filtered.
    var rawDistanceMetres: Double
    /// The recording device's own total distance (FIT session, TCX laps; else its last cumulative record
    /// distance), for comparison with the raw and cleaned distances; `nil` when the file has none.
    var deviceDistanceMetres: Double?
    /// Seconds the device's timer was stopped (FIT timer events); `nil` when the file does not record its timer.
    var deviceTimerStoppedSeconds: Double?
    var boundingBox: BoundingBox?
    /// Median of the time differences between consecutive timed fixes of the same segment (zeros and
    /// negatives included: they are what the source holds).
    var medianSamplingIntervalSeconds: Double?
    /// Fixes carrying each optional field, by field name; fields no fix has are left out.
    var fieldsPresent: [String: Int]
    /// Fixes whose horizontal accuracy was estimated from HDOP rather than reported.
    var estimatedHorizontalAccuracy: Int
    var invalid: InvalidCounts

    init(recorded: RecordedActivity, file: String) {
        self.init(track: recorded.track, file: file)
        deviceDistanceMetres = recorded.sessionDistance ?? recorded.recordDistances.last(where: { $0 != nil }) ?? nil
        if recorded.recordsTimer {
            deviceTimerStoppedSeconds = recorded.timerPauses.reduce(0) { $0 + ($1.upperBound - $1.lowerBound) }
        }
    }

    init(track: Track, file: String) {
        let fixes = track.fixes
        self.file = file
        format = track.sourceFormat
        name = track.name
        activity = track.activity?.rawValue
        self.fixes = fixes.count
        rejectedRecords = track.rejected.count
        segments = track.segmentStarts.count
        let times = fixes.compactMap(\.time)
        if let lo = times.min(), let hi = times.max() {
            start = ISO8601Time.format(lo)
            end = ISO8601Time.format(hi)
            durationSeconds = hi - lo
        }
        var distance = 0.0
        var intervals: [Double] = []
        var notIncreasing = 0
        for i in fixes.indices.dropFirst() where fixes[i].segment == fixes[i - 1].segment {
            distance += Geodesy.distance(fixes[i - 1].point, fixes[i].point)
            if let t0 = fixes[i - 1].time, let t1 = fixes[i].time {
                intervals.append(t1 - t0)
                if t1 <= t0 { notIncreasing += 1 }
            }
        }
        rawDistanceMetres = distance
        intervals.sort()
        if !intervals.isEmpty {
            let m = intervals.count / 2
            medianSamplingIntervalSeconds = intervals.count % 2 == 1 ? intervals[m] : (intervals[m - 1] + intervals[m]) / 2
        }
        if !fixes.isEmpty {
            boundingBox = BoundingBox(
                minLatitude: fixes.map(\.latitude).min() ?? 0, maxLatitude: fixes.map(\.latitude).max() ?? 0,
                minLongitude: fixes.map(\.longitude).min() ?? 0, maxLongitude: fixes.map(\.longitude).max() ?? 0)
        }
        let fields: [(String, (Fix) -> Bool)] = [
            ("time", { $0.time != nil }), ("altitude", { $0.altitude != nil }),
            ("horizontalAccuracy", { $0.horizontalAccuracy != nil }), ("verticalAccuracy", { $0.verticalAccuracy != nil }),
            ("speed", { $0.speed != nil }), ("course", { $0.course != nil }), ("hdop", { $0.hdop != nil }),
            ("vdop", { $0.vdop != nil }), ("pdop", { $0.pdop != nil }), ("satellites", { $0.satellites != nil }),
            ("fixQuality", { $0.fixQuality != nil }), ("heartRate", { $0.heartRate != nil }),
            ("cadence", { $0.cadence != nil }), ("temperature", { $0.temperature != nil }), ("paused", { $0.paused }),
        ]
        var present: [String: Int] = [:]
        for (name, has) in fields {
            let n = fixes.reduce(0) { $0 + (has($1) ? 1 : 0) }
            if n > 0 { present[name] = n }
        }
        fieldsPresent = present
        estimatedHorizontalAccuracy = fixes.reduce(0) { $0 + ($1.horizontalAccuracyIsEstimated ? 1 : 0) }
        let badH = fixes.reduce(0) { $0 + (($1.horizontalAccuracy ?? 0) < 0 ? 1 : 0) }
        let badV = fixes.reduce(0) { $0 + (($1.verticalAccuracy ?? 0) < 0 ? 1 : 0) }
        let noFix = fixes.reduce(0) { $0 + ($1.fixQuality == FixQuality.none ? 1 : 0) }
        let any = fixes.reduce(0) {
            $0 + (($1.horizontalAccuracy ?? 0) < 0 || ($1.verticalAccuracy ?? 0) < 0 || $1.fixQuality == FixQuality.none ? 1 : 0)
        }
        invalid = InvalidCounts(invalidHorizontalAccuracy: badH, noGPSAltitude: badV, noFix: noFix,
                                fixesWithInvalidValues: any, timeNotIncreasing: notIncreasing)
    }

    /// The summary for a person.
    var text: String {
        var lines = ["\(file)" + (format.map { " (\($0))" } ?? "")]
        if let name { lines.append("  name:               \(name)") }
        if let activity { lines.append("  activity:           \(activity)") }
        lines.append("  fixes:              \(fixes) in \(segments) segment\(segments == 1 ? "" : "s")"
                     + (rejectedRecords > 0 ? ", plus \(rejectedRecords) rejected record\(rejectedRecords == 1 ? "" : "s")" : ""))
        if let start, let end, let durationSeconds {
            lines.append("  start:              \(start)")
            lines.append("  end:                \(end)")
            lines.append("  duration:           \(Self.duration(durationSeconds))")
        } else {
            lines.append("  time:               none")
        }
        lines.append("  raw distance:       " + String(format: "%.3f km", rawDistanceMetres / 1000))
        if let d = deviceDistanceMetres { lines.append("  device distance:    " + String(format: "%.3f km", d / 1000)) }
        if let s = deviceTimerStoppedSeconds { lines.append("  device timer off:   \(Self.duration(s))") }
        if let b = boundingBox {
            lines.append("  bounding box:       " + String(format: "lat %.6f … %.6f, lon %.6f … %.6f",
                                                             b.minLatitude, b.maxLatitude, b.minLongitude, b.maxLongitude))
        }
        if let m = medianSamplingIntervalSeconds { lines.append("  median interval:    " + String(format: "%.3g s", m)) }
        let fieldText = fieldsPresent.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        lines.append("  fields present:     " + (fieldText.isEmpty ? "position only" : fieldText))
        if estimatedHorizontalAccuracy > 0 {
            lines.append("  accuracy from HDOP: \(estimatedHorizontalAccuracy) (× \(DecimalText.format(Fix.hdopAccuracyFactor) ?? "") m)")
        }
        lines.append("  invalid values:     \(invalid.fixesWithInvalidValues) fix\(invalid.fixesWithInvalidValues == 1 ? "" : "es")"
                     + " (negative horizontal accuracy \(invalid.invalidHorizontalAccuracy), no GPS altitude \(invalid.noGPSAltitude),"
                     + " no fix \(invalid.noFix)); time not increasing \(invalid.timeNotIncreasing)")
        return lines.joined(separator: "\n")
    }

    static func duration(_ s: Double) -> String {
        let total = Int(s.rounded())
        let h = total / 3600, m = total / 60 % 60, sec = total % 60
        let hms = h > 0 ? "\(h) h \(m) min \(sec) s" : m > 0 ? "\(m) min \(sec) s" : "\(sec) s"
        return hms + String(format: " (%.3f s)", s)
    }
}
