import TrackPipe

/// Multipath bursts: for a few seconds the receiver tracks a reflection off a building and the fixes are
/// pulled several tens of metres to one side (rising and falling back), while the reported accuracy admits
/// only part of it. Labelled ``AnomalyKind/multipath``.
public struct MultipathEffect: Sendable, Hashable, Codable {
    public var enabled = true
    /// Bursts per hour of running near buildings (a Poisson process). Default 8.
    public var ratePerHour = 8.0
    /// Rate away from buildings as a fraction of ``ratePerHour``. Default 0.1.
    public var openSkyFactor = 0.1
    /// Shortest and longest burst, seconds. Defaults 4 s and 12 s.
    public var minimumDuration = 4.0
    public var maximumDuration = 12.0
    /// Peak pull of a burst, metres (drawn uniformly). Defaults 15 m and 40 m.
    public var minimumMagnitude = 15.0
    public var maximumMagnitude = 40.0
    /// Fraction of the pull the reported accuracy admits. Default 0.3 (the receiver believes the reflection).
    public var reportedFraction = 0.3

    public init() {}
}
