import TrackPipe

/// A closed interval of time, seconds since 1970 (UTC).
public struct TimeSpan: Sendable, Hashable, Codable {
    public var start: Double
    public var end: Double

    public init(start: Double, end: Double) {
        self.start = start
        self.end = end
    }

    /// `end − start`, seconds (never negative).
    public var duration: Double { max(0, end - start) }

    /// Seconds shared with `other`.
    public func overlap(_ other: TimeSpan) -> Double {
        max(0, min(end, other.end) - max(start, other.start))
    }
}
