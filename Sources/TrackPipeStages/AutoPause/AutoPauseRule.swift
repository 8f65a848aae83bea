/// How `auto-pause` decides the runner has stopped.
public enum AutoPauseRule: String, Sendable, Hashable, CaseIterable {
    /// Not left a circle of `radius` around a fix within `window` (Runkeeper).
    case region
    /// Slower than `min-speed` for `window` (Strava).
    case speed
}
