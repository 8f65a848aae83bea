/// Which activity a pipeline run judged the track by, and why: the file's own, or — when the file does not say
/// (no activity, or one TrackPipe does not know) — one inferred from how fast the track moves, so a bike ride at
/// 25 km/h is not judged by a runner's limits.
///
/// **The rule.** Speeds are measured over windows of at least ``window`` (10 s) of consecutive fixes in one
/// segment (the path length inside the window ÷ its duration; windows longer than 30 s, across a gap, are
/// skipped), so one GPS jump moves a few windows, not the percentiles. Of the windows faster than 0.5 m/s
/// (moving), the median and the upper quartile decide:
/// - upper quartile ≥ 9 m/s (32 km/h) → driving;
/// - else upper quartile ≥ 5.5 m/s (20 km/h) → cycling;
/// - else running.
/// Walking is never inferred, though a walk's median is below 2 m/s: walking's limits are tighter than
/// running's, and a slow track may hold faster stretches (GPSBabel's mtk_logger, a walk in Gothenburg, rides a
/// vehicle at 6–10 m/s for minutes; judged as walking, superman-jump dropped 68 of those real fixes, as running
/// none). Inference only ever loosens the limits a track is judged by.
/// With fewer than 30 moving windows (about half a minute of motion) nothing is inferred and running is
/// assumed, as before inference existed.
///
/// **Measured** (upper quartile / median of the moving windows): runs — the Apple Watch run 2.81 / 2.60, the
/// Fenix 2 run 3.85 / 3.36, TrackPipe's six simulated runs 3.00–4.65 / 2.83–3.90 (4.65 in the urban canyon,
/// inflated by multipath); the Whitchurch ride on 7 devices 6.73–7.12 / 5.25–5.96; drives — the u-blox F9K log
/// 10.9 / 6.4, GPSBabel's mtk_logger_m241 and sbn-v13 12.4 / 9.9 and 18.3 / 10.5. The thresholds sit in the
/// gaps between the activities (runs ≤ 4.65 < 5.5 ≤ rides ≤ 7.12 < 9 ≤ drives ≤ 10.9). A very fast road ride
/// (upper quartile above 32 km/h) is taken for driving, and a sprint session for cycling: name the activity
/// (`--activity`, or the file's) when it matters.
public struct ActivityInference: Sendable, Hashable, Codable {
    /// Where the activity came from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// The track's own (the file said, or the user named it).
        case track
        /// Inferred from the moving speeds.
        case inferred
        /// Not enough movement to infer: running assumed.
        case assumed
    }

    public var activity: Activity
    public var source: Source
    /// Median and upper quartile of the moving windowed speeds, m/s; `nil` when not measured.
    public var medianMovingSpeed: Double?
    public var upperQuartileMovingSpeed: Double?
    /// One sentence for people: what was used and why.
    public var reason: String

    /// The shortest window a speed is measured over, seconds.
    public static let window = 10.0
    /// The longest window: a longer one spans a gap in the recording.
    public static let maxWindow = 30.0
    /// Windows slower than this are a stop, m/s.
    public static let movingSpeed = 0.5
    /// Fewer moving windows than this infer nothing.
    public static let minimumWindows = 30
    /// Thresholds on the upper quartile of the moving speeds, m/s.
    public static let drivingUpperQuartile = 9.0
    public static let cyclingUpperQuartile = 5.5

    public init(activity: Activity, source: Source, medianMovingSpeed: Double? = nil, upperQuartileMovingSpeed: Double? = nil,
                reason: String) {
        self.activity = activity
        self.source = source
        self.medianMovingSpeed = medianMovingSpeed
        self.upperQuartileMovingSpeed = upperQuartileMovingSpeed
        self.reason = reason
    }

    /// The activity to judge `track` by: its own when it names a known one, else inferred (see the type).
    public static func resolve(_ track: Track) -> ActivityInference {
        if let own = track.activity, own != .other {
            return ActivityInference(activity: own, source: .track, reason: "the track's own activity")
        }
        let speeds = movingWindowSpeeds(track.fixes).sorted()
        guard speeds.count >= minimumWindows else {
            return ActivityInference(activity: .running, source: .assumed,
                                     reason: "running assumed: the track does not say, and has too little movement to tell (\(speeds.count) of \(minimumWindows) moving 10-s windows)")
        }
        let median = quantile(speeds, 0.5), upper = quantile(speeds, 0.75)
        let activity: Activity
        if upper >= drivingUpperQuartile {
            activity = .driving
        } else if upper >= cyclingUpperQuartile {
            activity = .cycling
        } else {
            activity = .running
        }
        return ActivityInference(activity: activity, source: .inferred, medianMovingSpeed: median, upperQuartileMovingSpeed: upper,
                                 reason: "\(activity.rawValue) inferred from the moving speeds (median \(rounded(median)) m/s, upper quartile \(rounded(upper)) m/s over 10-s windows); the track does not say")
    }

    /// The speed (m/s) of every window of consecutive fixes from each fix on: path length ÷ duration, over at
    /// least ``window`` and at most ``maxWindow`` seconds in one segment; only those above ``movingSpeed``.
    /// Fixes without a finite time or valid coordinates are skipped.
    public static func movingWindowSpeeds(_ fixes: [Fix]) -> [Double] {
        var times: [Double] = [], path: [Double] = [], segments: [Int] = []
        times.reserveCapacity(fixes.count)
        path.reserveCapacity(fixes.count)
        var previous: Fix?
        for fix in fixes {
            guard let t = fix.time, t.isFinite, DistanceAccumulator.hasValidCoordinates(fix) else { continue }
            var step = 0.0
            if let p = previous, p.segment == fix.segment {
                step = Geodesy.distance(p.point, fix.point)
                if !step.isFinite { step = 0 }
            }
            times.append(t)
            path.append((path.last ?? 0) + step)
            segments.append(fix.segment)
            previous = fix
        }
        var speeds: [Double] = []
        var j = 0
        for i in times.indices {
            if j < i { j = i }
            while j < times.count, times[j] - times[i] < window, segments[j] == segments[i] { j += 1 }
            guard j < times.count, segments[j] == segments[i] else { continue }
            let dt = times[j] - times[i]
            guard dt >= window, dt <= maxWindow else { continue }
            let speed = (path[j] - path[i]) / dt
            if speed > movingSpeed { speeds.append(speed) }
        }
        return speeds
    }

    /// The `q` quantile of sorted `values` (linear between order statistics).
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let k = Double(sorted.count - 1) * q
        let lo = Int(k.rounded(.down)), hi = min(lo + 1, sorted.count - 1)
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (k - Double(lo))
    }

    static func rounded(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
