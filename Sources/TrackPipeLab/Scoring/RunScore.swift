import TrackPipe

/// How well one pipeline did on one dataset against its ground truth (``RunScorer``). Every figure that
/// could not be computed is `nil`, and ``skipped`` says why. SI units: metres, seconds.
public struct RunScore: Sendable, Hashable, Codable {
    /// The pipeline's name (from its spec).
    public var pipeline: String
    /// What the truth held: `per-fix`, `route`, `distance`, `route+distance` or `none`.
    public var truth: String
    /// Records read, fixes kept and dropped.
    public var records: Int
    public var kept: Int
    public var dropped: Int
    /// Drops per `stage/rule` (e.g. `accuracy-gate/max-horizontal-accuracy`), only non-zero ones.
    public var dropsByRule: [String: Int]
    /// Distance the pipeline measured, metres (its `distance` summary figure, else measured on the kept track).
    public var distance: Double?
    /// The true distance, metres (per-fix truth; else the known distance; else the route's length).
    public var trueDistance: Double?
    /// `distance − trueDistance`, metres, and as a percentage of the true distance.
    public var distanceError: Double?
    public var distanceErrorPercent: Double?
    /// Kept fixes against their true positions (per-fix truth), metres.
    public var position: ErrorStatistics?
    /// Kept fixes' distance to the route line, metres.
    public var crossTrack: ErrorStatistics?
    /// True positions' distance to the line the kept fixes draw (their straight steps within a segment), metres
    /// (per-fix truth): how closely the drawn track follows the true path — what thinning trades for fewer fixes.
    public var lineError: ErrorStatistics?
    /// Kept fixes' distance from where they were recorded, metres — how far the pipeline moved them (0 for a fix no
    /// stage moved; fixes a stage made, e.g. by resampling, are not counted). Needs no truth: on a recording without
    /// any it is the one figure of the track's shape, and a smoother that drags a track off its path shows here.
    public var moved: ErrorStatistics?
    /// Moving time the pipeline reports (`moving-time`) and the true moving time, seconds.
    public var movingTime: Double?
    public var trueMovingTime: Double?
    /// Pause detection by time overlap: seconds judged paused that were truly stopped (correct), seconds
    /// judged paused (predicted), seconds truly stopped (actual).
    public var pauses: PrecisionRecall?
    /// Anomaly detection by dropped fixes, per ``AnomalyKind`` raw value present in the truth (see
    /// ``RunScorer`` for the definition), and `any` for all anomalies together.
    public var anomalies: [String: PrecisionRecall]
    /// The pipeline's run time (sum of its stages' wall times), seconds.
    public var runtime: Double
    /// What could not be scored, and why.
    public var skipped: [String]
    /// How a figure was obtained where that is not obvious (e.g. "true distance = route length").
    public var notes: [String]

    public init(pipeline: String, truth: String, records: Int, kept: Int, dropped: Int, dropsByRule: [String: Int] = [:],
                distance: Double? = nil, trueDistance: Double? = nil, distanceError: Double? = nil,
                distanceErrorPercent: Double? = nil, position: ErrorStatistics? = nil, crossTrack: ErrorStatistics? = nil,
                movingTime: Double? = nil, trueMovingTime: Double? = nil, pauses: PrecisionRecall? = nil,
                anomalies: [String: PrecisionRecall] = [:], runtime: Double = 0, skipped: [String] = [], notes: [String] = []) {
        self.pipeline = pipeline
        self.truth = truth
        self.records = records
        self.kept = kept
        self.dropped = dropped
        self.dropsByRule = dropsByRule
        self.distance = distance
        self.trueDistance = trueDistance
        self.distanceError = distanceError
        self.distanceErrorPercent = distanceErrorPercent
        self.position = position
        self.crossTrack = crossTrack
        self.movingTime = movingTime
        self.trueMovingTime = trueMovingTime
        self.pauses = pauses
        self.anomalies = anomalies
        self.runtime = runtime
        self.skipped = skipped
        self.notes = notes
    }
}
