import TrackPipe

/// What the Kalman stages do with one fix, decided by ``KalmanRunTracker`` the same way live and offline.
public enum KalmanAdmission: Sendable, Hashable {
    /// The fix cannot enter the model: drop it by `rule`.
    case drop(rule: String, measured: Double?, threshold: Double?, unit: MeasurementUnit, detail: String)
    /// The fix is kept unchanged, outside any run (within 1° of a pole, where the local frame is undefined).
    case passThrough
    /// The fix starts a new run (fresh frame anchored at it, fresh state): `reason` says why a run was
    /// restarted (`nil` for the track's first run), `gap` the seconds since the previous fix of the old run.
    case startRun(reason: String?, gap: Double?, variance: Double)
    /// The fix continues the current run `dt` ≥ 0 seconds after its previous fix, with measurement variance m².
    case continueRun(dt: Double, variance: Double)
}
