import TrackPipe

/// What is known to be true about a dataset, from the richest to the poorest:
/// per-fix truth (a simulated run), a planned route line, a known distance (a race). Scoring uses what is
/// there and says what it skipped (``RunScore/skipped``).
public struct GroundTruth: Sendable, Hashable {
    /// One row per observed fix, ordered by source index; `nil` when the dataset has no per-fix truth.
    public var fixes: [FixTruth]?
    /// The route actually run (a polyline); `nil` when unknown.
    public var route: [GeoPoint]?
    /// The known distance of the run, metres; `nil` when unknown.
    public var knownDistance: Double?
    /// The intervals the recording device's timer was stopped (its own auto-pause, or the user's button), in the
    /// track's clock (seconds since 1970, UTC): from a FIT file's timer events. Scores auto-pause when there is no
    /// per-fix truth. `nil` when the file cannot say; empty when the timer ran throughout.
    public var pauses: [TimeSpan]?
    /// Where each part came from (file names), for reports.
    public var sources: [String]

    public init(fixes: [FixTruth]? = nil, route: [GeoPoint]? = nil, knownDistance: Double? = nil,
                pauses: [TimeSpan]? = nil, sources: [String] = []) {
        self.fixes = fixes
        self.route = route
        self.knownDistance = knownDistance
        self.pauses = pauses
        self.sources = sources
    }

    /// A short name of what the truth holds: `per-fix`, or the parts joined by `+` (`route`, `distance`,
    /// `device-pauses`), or `none`.
    public var kind: String {
        if fixes != nil { return "per-fix" }
        let parts = [route != nil ? "route" : nil, knownDistance != nil ? "distance" : nil, pauses != nil ? "device-pauses" : nil]
            .compactMap { $0 }
        return parts.isEmpty ? "none" : parts.joined(separator: "+")
    }

    /// The true path to draw under a pipeline's line: the per-fix true positions in order of true time, or the
    /// route; empty when the truth has neither.
    public var path: [GeoPoint] {
        if let fixes {
            return fixes.sorted { $0.trueTime < $1.trueTime }.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }
        }
        return route ?? []
    }
}
