import TrackPipe

/// Signal gaps: stretches with no fix at all (a tunnel, an underpass, the phone's power saving). The runner
/// keeps moving; the error process keeps evolving.
public struct SignalGapEffect: Sendable, Hashable, Codable {
    public var enabled = true
    /// Number of gaps. Default 2.
    public var count = 2
    /// Shortest and longest gap, seconds. Defaults 15 s and 60 s.
    public var minimumDuration = 15.0
    public var maximumDuration = 60.0

    public init() {}
}
