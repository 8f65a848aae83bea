import TrackPipe

/// Reads FIT activity files (Garmin, Wahoo, Coros, Polar, Suunto watches and bike computers; Garmin Connect and
/// Strava exports) into a track.
///
/// Each `record` message (global 20) is one record, numbered in file order:
/// - position from `position_lat`/`position_long` (semicircles: degrees = value × 180 / 2³¹);
/// - time from `timestamp` (seconds since 1989-12-31T00:00:00Z), compressed timestamps included;
/// - altitude from `enhanced_altitude`, else `altitude` (value / 5 − 500 m — the barometric altitude on devices
///   that have a barometer);
/// - speed from `enhanced_speed`, else `speed` (value / 1000 m/s: the device's own speed, usually Doppler);
/// - `heart_rate` (bpm), `cadence` (rpm), `temperature` (°C), `gps_accuracy` (m) as horizontal accuracy;
/// - `distance` (value / 100 m), the device's cumulative distance, in ``RecordedActivity/recordDistances``.
/// A record without a position becomes a rejected record (`no-fix`); one with a latitude outside ±90° a
/// rejected record (`latitude-out-of-range`).
///
/// Timer `event` messages (event 0: type 0 start, 1 stop, 4 stop-all) split the fixes into segments: the
/// records after a restart begin a new segment, and the stopped intervals are ``RecordedActivity/timerPauses``. The
/// activity comes from the `session` (or `sport`) message's sport: running, cycling, walking or hiking
/// (walking); other sports are `other`; generic is unknown.
///
/// Corrupt files are errors naming the byte offset (header, header and file CRC, definitions and messages within the data); a FIT file that holds no record
/// message (a course, settings, a workout) is an error too.
public enum FITReader {
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, sourceName: String) throws -> Track {
        try activity(bytes, sourceName: sourceName).track
    }

    /// The track and the device's own figures.
    public static func activity(_ bytes: UnsafeBufferPointer<UInt8>, sourceName: String) throws -> RecordedActivity {
        var track = Track(sourceFormat: TrackFormat.fit.rawValue)
        var distances: [Double?] = []
        // A record message takes at least about 30 bytes: reserving for that many avoids regrowing (and copying)
        // the arrays of a large file, at the cost of some unused capacity for a file of other messages.
        let expected = bytes.count / 32
        track.fixes.reserveCapacity(expected)
        distances.reserveCapacity(expected)
        var sessionDistance: Double?
        var sessionSport: Double?
        var sportSport: Double?
        var pauses: [ClosedRange<Double>] = []
        var stoppedAt: Double?
        var recordsTimer = false
        var segment = 0
        var restarted = false
        var index = 0
        let degreesPerSemicircle = 180.0 / 2_147_483_648.0

        try FITDecoder.decode(bytes, sourceName: sourceName) { m in
            let time = m.value(253).map { $0 + FITDecoder.epochOffset }
            switch m.global {
            case 20:
                defer { index += 1 }
                if restarted {
                    segment += 1
                    restarted = false
                }
                distances.append(m.value(5).map { $0 / 100 })
                guard let lat = m.value(0), let lon = m.value(1) else {
                    track.rejected.append(RejectedRecord(sourceIndex: index, rule: "no-fix",
                        reason: "record message at byte \(m.offset) has no position"))
                    return
                }
                let latitude = lat * degreesPerSemicircle, longitude = lon * degreesPerSemicircle
                guard abs(latitude) <= 90 else {
                    track.rejected.append(RejectedRecord(sourceIndex: index, rule: "latitude-out-of-range",
                        reason: "record message at byte \(m.offset): latitude \(latitude)° is outside ±90°"))
                    return
                }
                track.fixes.append(Fix(
                    time: time, latitude: latitude, longitude: longitude,
                    altitude: (m.value(78) ?? m.value(2)).map { $0 / 5 - 500 },
                    horizontalAccuracy: m.value(31),
                    speed: (m.value(73) ?? m.value(6)).map { $0 / 1000 },
                    heartRate: m.value(3), cadence: m.value(4), temperature: m.value(13),
                    segment: segment, sourceIndex: index))
            case 21 where m.value(0) == 0:
                recordsTimer = true
                switch m.value(1) {
                case 0?:
                    if let stop = stoppedAt, let time, time >= stop {
                        pauses.append(stop...time)
                        if !track.fixes.isEmpty || !track.rejected.isEmpty { restarted = true }
                    }
                    stoppedAt = nil
                case 1?, 4?:
                    if stoppedAt == nil { stoppedAt = time }
                default: break
                }
            case 18:
                if let d = m.value(9) { sessionDistance = d / 100 }
                if let s = m.value(5) { sessionSport = s }
            case 12:
                if let s = m.value(0) { sportSport = s }
            default: break
            }
        }
        guard index > 0 else {
            throw TrackReadError(file: sourceName, message: "the FIT file has no record messages (not an activity: a course, workout or settings file?)")
        }
        track.activity = (sessionSport ?? sportSport).flatMap(activity(sport:))
        return RecordedActivity(track: track, recordDistances: distances, sessionDistance: sessionDistance, timerPauses: pauses,
                                recordsTimer: recordsTimer)
    }

    /// The activity for a FIT `sport` value; `nil` for generic (0).
    static func activity(sport: Double) -> Activity? {
        switch sport {
        case 0: return nil
        case 1: return .running
        case 2: return .cycling
        case 11, 17: return .walking
        default: return .other
        }
    }
}
