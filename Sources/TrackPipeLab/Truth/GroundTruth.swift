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
    /// Where each part came from (file names), for reports.
    public var sources: [String]

    public init(fixes: [FixTruth]? = nil, route: [GeoPoint]? = nil, knownDistance: Double? = nil, sources: [String] = []) {
        self.fixes = fixes
        self.route = route
        self.knownDistance = knownDistance
        self.sources = sources
    }

    /// A short name of what the truth holds: `per-fix`, `route+distance`, `route`, `distance` or `none`.
    public var kind: String {
        if fixes != nil { return "per-fix" }
        switch (route != nil, knownDistance != nil) {
        case (true, true): return "route+distance"
        case (true, false): return "route"
        case (false, true): return "distance"
        case (false, false): return "none"
        }
    }
}
