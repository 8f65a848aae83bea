import TrackPipe

/// Out-of-order timestamps: two consecutive records written in the wrong order, so time steps back by one
/// sampling interval. The record that steps back is labelled ``AnomalyKind/outOfOrder``.
public struct OutOfOrderEffect: Sendable, Hashable, Codable {
    public var enabled = true
    /// Number of swapped pairs. Default 3.
    public var count = 3

    public init() {}
}
