import TrackPipe

/// A comparison as ``HTMLReport`` draws it: per dataset, the track as read, the truth when the dataset has a
/// path for it, and every pipeline's kept track; and the scores table.
public struct CompareReportView: Sendable {
    public struct Dataset: Sendable {
        public var name: String
        public var recorded: Track
        /// The true path (per-fix truth positions or the planned route), drawn under the pipelines' lines;
        /// empty when the truth has no positions (a known distance only).
        public var truthPath: [GeoPoint]
        /// What the truth is (`per-fix`, `route`, …), for the caption.
        public var truthKind: String
        /// One kept track per pipeline, in the order of ``CompareReportView/pipelines``.
        public var tracks: [Track]

        public init(name: String, recorded: Track, truthPath: [GeoPoint], truthKind: String, tracks: [Track]) {
            self.name = name
            self.recorded = recorded
            self.truthPath = truthPath
            self.truthKind = truthKind
            self.tracks = tracks
        }
    }

    /// The pipelines' names, in column order.
    public var pipelines: [String]
    /// Further lines for the page's header: each pipeline's spec hash, the TrackPipe version.
    public var facts: [ReportFact]
    public var datasets: [Dataset]
    /// The scores, one row per dataset × pipeline; the page sorts it by a click on a header.
    public var scores: ReportTable

    public init(pipelines: [String], facts: [ReportFact], datasets: [Dataset], scores: ReportTable) {
        self.pipelines = pipelines
        self.facts = facts
        self.datasets = datasets
        self.scores = scores
    }
}
