import TrackPipe

/// What one run earned (annotation `badges`).
public struct BadgeRunReport: Sendable, Hashable, Codable {
    /// The run's distance as the `badges` stage counted it, metres.
    public var distance: Double
    /// The farthest badge earned, if any.
    public var best: Badge?
    /// The nearest badge not earned, if any (none after the catalog's last).
    public var next: Badge?
    /// `next.distance − distance`, metres: the run must go strictly farther than this to earn it.
    public var remaining: Double?
    /// One per badge earned, in the order earned.
    public var checkpoints: [BadgeCheckpoint]
    /// How distance was measured.
    public var formula: DistanceFormula
    public var threeDimensional: Bool
    /// Badges in the catalog used.
    public var catalogSize: Int

    public init(distance: Double, best: Badge?, next: Badge?, checkpoints: [BadgeCheckpoint], formula: DistanceFormula,
                threeDimensional: Bool, catalogSize: Int) {
        self.distance = distance
        self.best = best
        self.next = next
        self.remaining = next.map { $0.distance - distance }
        self.checkpoints = checkpoints
        self.formula = formula
        self.threeDimensional = threeDimensional
        self.catalogSize = catalogSize
    }
}

public enum BadgesKey: AnnotationKey {
    public typealias Value = BadgeRunReport
    public static let name = "badges"
}
