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
}
