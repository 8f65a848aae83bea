/// What `timestamp-repair` does with a track's time stamps.
public enum TimestampRepairPolicy: String, Sendable, Hashable, CaseIterable {
    /// Stable sort by time, then one fix per time; clock jumps are reported, not repaired.
    case sort
    /// Re-base the fixes after each clock jump on the sampling interval, then sort and keep one fix per time.
    case repair
}
