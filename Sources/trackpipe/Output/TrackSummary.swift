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
        // One pass over the fixes for every figure (each figure a pass of its own read a 230 000-fix track's
        // 33 MB of fixes twenty-five times). Minima and maxima compare as `min()` and `max()` do.
        var lo: Double?, hi: Double?
        var box: BoundingBox?
        var distance = 0.0
        var intervals: [Double] = []
        intervals.reserveCapacity(fixes.count)
        var notIncreasing = 0
        var counts = [Int](repeating: 0, count: Self.fieldNames.count)
        var estimated = 0, badH = 0, badV = 0, noFix = 0, any = 0
        for i in fixes.indices {
            let f = fixes[i]
            if let t = f.time {
                if lo.map({ t < $0 }) ?? true { lo = t }
                if hi.map({ $0 < t }) ?? true { hi = t }
            }
            if var b = box {
                if f.latitude < b.minLatitude { b.minLatitude = f.latitude }
                if b.maxLatitude < f.latitude { b.maxLatitude = f.latitude }
                if f.longitude < b.minLongitude { b.minLongitude = f.longitude }
                if b.maxLongitude < f.longitude { b.maxLongitude = f.longitude }
                box = b
            } else {
                box = BoundingBox(minLatitude: f.latitude, maxLatitude: f.latitude, minLongitude: f.longitude, maxLongitude: f.longitude)
            }
            if i > 0, f.segment == fixes[i - 1].segment {
                distance += Geodesy.distance(fixes[i - 1].point, f.point)
                if let t0 = fixes[i - 1].time, let t1 = f.time {
                    intervals.append(t1 - t0)
                    if t1 <= t0 { notIncreasing += 1 }
                }
            }
            // In `fieldNames`' order (an array of the fifteen tests would be allocated per fix).
            counts.withUnsafeMutableBufferPointer { c in
                func tally(_ k: Int, _ has: Bool) { if has { c[k] += 1 } }
                tally(0, f.time != nil); tally(1, f.altitude != nil); tally(2, f.horizontalAccuracy != nil)
                tally(3, f.verticalAccuracy != nil); tally(4, f.speed != nil); tally(5, f.course != nil)
                tally(6, f.hdop != nil); tally(7, f.vdop != nil); tally(8, f.pdop != nil); tally(9, f.satellites != nil)
                tally(10, f.fixQuality != nil); tally(11, f.heartRate != nil); tally(12, f.cadence != nil)
                tally(13, f.temperature != nil); tally(14, f.paused)
            }
            if f.horizontalAccuracyIsEstimated { estimated += 1 }
            let h = (f.horizontalAccuracy ?? 0) < 0, v = (f.verticalAccuracy ?? 0) < 0, none = f.fixQuality == FixQuality.none
            if h { badH += 1 }
            if v { badV += 1 }
            if none { noFix += 1 }
            if h || v || none { any += 1 }
        }
        if let lo, let hi {
            start = ISO8601Time.format(lo)
            end = ISO8601Time.format(hi)
            durationSeconds = hi - lo
        }
        rawDistanceMetres = distance
        intervals.sort()
        if !intervals.isEmpty {
            let m = intervals.count / 2
            medianSamplingIntervalSeconds = intervals.count % 2 == 1 ? intervals[m] : (intervals[m - 1] + intervals[m]) / 2
        }
        boundingBox = box
        var present: [String: Int] = [:]
        for (k, name) in Self.fieldNames.enumerated() where counts[k] > 0 { present[name] = counts[k] }
        fieldsPresent = present
        estimatedHorizontalAccuracy = estimated
        invalid = InvalidCounts(invalidHorizontalAccuracy: badH, noGPSAltitude: badV, noFix: noFix,
                                fixesWithInvalidValues: any, timeNotIncreasing: notIncreasing)
    }

    /// The optional fields counted in ``fieldsPresent``, in the order `init(track:file:)` tests them.
    static let fieldNames = [
        "time", "altitude", "horizontalAccuracy", "verticalAccuracy", "speed", "course", "hdop", "vdop", "pdop",
        "satellites", "fixQuality", "heartRate", "cadence", "temperature", "paused",
    ]

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
