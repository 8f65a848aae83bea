import TrackPipe

/// Duplicate timestamps: a fix stamped with the previous fix's time (its position is its own, one second
/// later). Labelled ``AnomalyKind/duplicateTime``.
public struct DuplicateTimestampEffect: Sendable, Hashable, Codable {
    public var enabled = true
    /// Number of duplicated timestamps. Default 3.
    public var count = 3

    public init() {}
}
