import TrackPipe

/// A stage's `activity` parameter: a fixed activity, or `auto` = the activity the stage context gives (offline, the
/// track's own or the one `ActivityInference` infers from its speeds; live, the one named), else running.
public enum ActivityChoice: String, Sendable, Hashable, CaseIterable {
    case auto, running, walking, cycling, driving

    /// The activity to use for a run whose context says `trackActivity`.
    public func resolve(_ trackActivity: Activity?) -> Activity {
        switch self {
        case .auto: return trackActivity ?? .running
        case .running: return .running
        case .walking: return .walking
        case .cycling: return .cycling
        case .driving: return .driving
        }
    }
}
