import TrackPipe

/// The first fixes after the receiver starts, before it has a good solution: a large error in one direction
/// that shrinks fix by fix, with a matching large reported accuracy. Labelled ``AnomalyKind/warmUp``.
public struct WarmUpEffect: Sendable, Hashable, Codable {
    public var enabled = true
    /// Number of warm-up fixes. Default 12.
    public var fixes = 12
    /// Error of the first fix, metres. Default 60 m.
    public var initialError = 60.0
    /// Error of the last warm-up fix, metres (the error shrinks geometrically in between). Default 8 m.
    public var finalError = 8.0

    public init() {}
}
