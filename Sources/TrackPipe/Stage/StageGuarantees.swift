/// Promises a stage makes about its output, declared in its descriptor and checked by `StageConformance` (TrackPipeTesting)
/// on every registered stage.
public struct StageGuarantees: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Kept fixes come out in the order they came in (filters, distance, badges).
    public static let preservesOrder = StageGuarantees(rawValue: 1 << 0)
    /// Kept fixes have strictly increasing times (timestamp-monotonicity).
    public static let strictlyIncreasingTime = StageGuarantees(rawValue: 1 << 1)
    /// Kept fixes are unchanged in position and time (gates; not smoothers or clock repair).
    public static let preservesPositions = StageGuarantees(rawValue: 1 << 2)
    /// The stage only measures: every fix comes out exactly as it came in, in order — nothing dropped, changed or
    /// made — and its output depends on the fixes and its context alone, not on the annotations or summary of the
    /// stages before it (distance, splits, badges, places). ``Pipeline/run(_:clock:)`` runs consecutive such stages
    /// side by side on a long track; a stage that declares it and drops, changes or makes a fix fails the run.
    public static let measuresOnly = StageGuarantees(rawValue: 1 << 3)
}
