import TrackPipe

/// Where a runner stands with one badge across all their runs (see ``BadgeHistory``).
public struct BadgeStatus: Sendable, Hashable, Codable {
    public var badge: Badge
    /// The first run (by start time) that went strictly farther than the badge's distance.
    public var earned: BadgeAward?
    /// The first later run that passed it at an average speed strictly above the earning run's × 1.05.
    public var silver: BadgeAward?
    /// The same at × 1.10.
    public var gold: BadgeAward?
    /// The fastest run (highest average speed) that passed it; ties go to the earlier run.
    public var best: BadgeAward?
    /// While silver (gold) is not won: the average moving pace, s/m, a run passing the badge must beat
    /// (be strictly faster than) to win it; `nil` once won, or when the earning run has no time.
    public var silverPaceNeeded: Double?
    public var goldPaceNeeded: Double?

    public init(badge: Badge, earned: BadgeAward? = nil, silver: BadgeAward? = nil, gold: BadgeAward? = nil,
                best: BadgeAward? = nil, silverPaceNeeded: Double? = nil, goldPaceNeeded: Double? = nil) {
        self.badge = badge
        self.earned = earned
        self.silver = silver
        self.gold = gold
        self.best = best
        self.silverPaceNeeded = silverPaceNeeded
        self.goldPaceNeeded = goldPaceNeeded
    }

    /// One line for a person: "Run 10.0 km to earn", "Gold", or the paces needed for silver and gold.
    public func advice(units: UnitSystem = .metric) -> String {
        guard earned != nil else {
            if badge.distance == 0 { return "Run any distance to earn" }
            return "Run \(RunFormatter.distance(badge.distance, units: units, decimals: 1)) to earn"
        }
        if gold != nil { return "Gold" }
        var parts: [String] = []
        if silver == nil, let p = silverPaceNeeded {
            parts.append("silver: faster than \(RunFormatter.pace(secondsPerMetre: p, units: units))")
        }
        if let p = goldPaceNeeded {
            parts.append("gold: faster than \(RunFormatter.pace(secondsPerMetre: p, units: units))")
        }
        if parts.isEmpty { return silver != nil ? "Silver" : "Earned (no time to compare against)" }
        return (silver != nil ? "Silver; " : "") + parts.joined(separator: ", ")
    }
}
