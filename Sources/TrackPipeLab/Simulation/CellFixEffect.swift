import TrackPipe

/// Cell-tower or Wi-Fi fixes: the phone falls back to network positioning for a few fixes. Large error, a
/// large reported horizontal accuracy and an invalid (negative) vertical accuracy, no altitude — the
/// signature Runkeeper rejected on. Labelled ``AnomalyKind/cellFix``.
public struct CellFixEffect: Sendable, Hashable, Codable {
    public var enabled = true
    /// Number of episodes. Default 3.
    public var count = 3
    /// Fixes per episode, at most (1 … this). Default 3.
    public var maximumFixes = 3
    /// Per-axis standard deviation of the network position's error, metres. Default 150 m.
    public var errorSigma = 150.0
    /// Reported horizontal accuracy, metres (uniform, whole metres). Defaults 65 m (Wi-Fi) and 1414 m (cell).
    public var minimumAccuracy = 65.0
    public var maximumAccuracy = 1414.0

    public init() {}
}
