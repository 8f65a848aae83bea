import TrackPipe

/// Superman jumps: one or a few consecutive fixes hundreds of metres off, reported with an ordinary
/// accuracy — what a phone briefly locked onto a wrong solution records. Labelled ``AnomalyKind/jump``.
public struct SupermanJumpEffect: Sendable, Hashable, Codable {
    public var enabled = true
    /// Number of jumps in the run. Default 2.
    public var count = 2
    /// Fixes per jump, at most (1 … this, uniformly). Default 2.
    public var maximumFixes = 2
    /// Jump distance, metres (uniform). Defaults 200 m and 1500 m.
    public var minimumDistance = 200.0
    public var maximumDistance = 1500.0

    public init() {}
}
