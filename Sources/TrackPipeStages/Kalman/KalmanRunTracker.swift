import TrackPipe

/// Splits a stream of fixes into Kalman runs, fix by fix (so the live filter and the smoother split alike).
///
/// A run is a stretch the model can treat as one continuous motion. A new run starts at:
/// - the first usable fix;
/// - a change of `Fix/segment` (a break by definition);
/// - a step longer than `restart-after-gap` seconds, or the first fix after an auto-pause (fixes marked
///   `Fix/paused`) that lasted longer than it;
/// - the first usable fix after fixes passed through near a pole.
///
/// Fixes are dropped with a rule when they cannot be measurements: `no-time` (nil time), `not-finite`
/// (coordinates), `invalid-accuracy` (negative or NaN accuracy under sigma-source "accuracy"; the source marked
/// the fix invalid), `time-not-increasing` (earlier than the run's previous fix). Equal times are kept and merged:
/// dt = 0 is a second measurement of the same instant (the prediction is the identity), so both fixes get the
/// same smoothed position. Fixes within 1° of a pole (|latitude| > 89°, where `LocalProjection` is undefined)
/// pass through unchanged and end the current run.
public struct KalmanRunTracker: Sendable {
    public let settings: KalmanSettings
    private var inRun = false
    private var lastTime = 0.0
    private var lastSegment = 0
    private var pauseStart: Double?
    private var pendingReason: String?

    public init(settings: KalmanSettings) {
        self.settings = settings
    }

    /// The measurement variance (m²) for `fix`: σ², σ from its accuracy or the fixed σ, clamped to
    /// [floor, cap]; `nil` when the source marked the accuracy invalid (negative or NaN).
    public func variance(of fix: Fix) -> Double? {
        var sigma = settings.sigma
        if settings.sigmaSource == .accuracy, let accuracy = fix.horizontalAccuracy {
            guard accuracy >= 0 else { return nil }
            sigma = accuracy
        }
        sigma = min(max(sigma, settings.sigmaFloor), settings.sigmaCap)
        return sigma * sigma
    }

    /// Decides about the next fix. Always inlined: in the smoother's admission loop the decision is then never
    /// built in memory as a `KalmanAdmission` (an enum with string payloads) per fix — a seventh of the stage's
    /// time on a 2300-fix run when it was a call.
    @inline(__always)
    public mutating func admit(_ fix: Fix) -> KalmanAdmission {
        guard let time = fix.time, time.isFinite else {
            return .drop(rule: "no-time", measured: nil, threshold: nil, unit: .none,
                         detail: "the Kalman model needs a finite time for every fix")
        }
        guard fix.latitude.isFinite, fix.longitude.isFinite else {
            return .drop(rule: "not-finite", measured: nil, threshold: nil, unit: .none, detail: "latitude or longitude is not a finite number")
        }
        guard let variance = variance(of: fix) else {
            let accuracy = fix.horizontalAccuracy ?? .nan
            return .drop(rule: "invalid-accuracy", measured: accuracy.isNaN ? nil : accuracy, threshold: 0, unit: .metres,
                         detail: "the source marked the fix's horizontal accuracy invalid (negative or not a number)")
        }
        if abs(fix.latitude) > LocalProjection.maximumLatitude {
            if inRun { pendingReason = "pole" }
            inRun = false
            pauseStart = nil
            return .passThrough
        }
        // Track auto-pause: a pause longer than restart-after-gap restarts at the first unpaused fix after it.
        if fix.paused {
            if pauseStart == nil { pauseStart = time }
        } else if let start = pauseStart {
            pauseStart = nil
            if let limit = settings.restartAfterGap, time - start > limit, inRun {
                return startRun(fix, time: time, reason: "pause", gap: time - start, variance: variance)
            }
        }
        guard inRun else { return startRun(fix, time: time, reason: pendingReason, gap: nil, variance: variance) }
        if fix.segment != lastSegment {
            return startRun(fix, time: time, reason: "segment", gap: time - lastTime, variance: variance)
        }
        let dt = time - lastTime
        guard dt >= 0 else {
            return .drop(rule: "time-not-increasing", measured: dt, threshold: 0, unit: .seconds,
                         detail: "earlier than the previous fix of the run; put time-order repair before the Kalman stage")
        }
        if let limit = settings.restartAfterGap, dt > limit {
            return startRun(fix, time: time, reason: "gap", gap: dt, variance: variance)
        }
        lastTime = time
        return .continueRun(dt: dt, variance: variance)
    }

    private mutating func startRun(_ fix: Fix, time: Double, reason: String?, gap: Double?, variance: Double) -> KalmanAdmission {
        inRun = true
        lastTime = time
        lastSegment = fix.segment
        pendingReason = nil
        if fix.paused { pauseStart = time }
        return .startRun(reason: reason, gap: gap, variance: variance)
    }
}

