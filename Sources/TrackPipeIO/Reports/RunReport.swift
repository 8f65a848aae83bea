import TrackPipe

/// The JSON report of `trackpipe run --report` (schema documented in the README, "Run report"): one entry
/// per input, each self-contained — provenance, input, summary, per-stage counts and times, every dropped
/// fix with its reason, every changed fix with how far it moved, events and annotations.
public struct RunReport: Encodable, Sendable {
    public var schema = "trackpipe-run-report/1"
    public var trackpipeVersion: String
    public var pipeline: PipelineInfo
    public var runs: [Run]

    public struct PipelineInfo: Encodable, Sendable {
        public var name: String
        public var sha256: String
        /// The spec as given.
        public var spec: JSONValue
    }

    public struct Run: Encodable, Sendable {
        public var inputFile: String
        public var outputFile: String?
        public var input: InputSummary
        public var kept: Int
        public var droppedCount: Int
        public var summary: [SummaryItem]
        public var stages: [StageReport]
        public var dropped: [DroppedFix]
        public var changed: [ChangedFix]
        public var events: [StageEvent]
        public var annotations: Annotations
    }

    /// A dropped fix, flattened: where it was and why it went.
    public struct DroppedFix: Encodable, Sendable {
        public var sourceIndex: Int
        public var stage: String
        public var rule: String
        public var measured: Double?
        public var threshold: Double?
        public var unit: String
        public var detail: String?
        public var time: Double?
        public var latitude: Double?
        public var longitude: Double?

        public init(_ d: Drop) {
            sourceIndex = d.sourceIndex
            stage = d.stage
            rule = d.rule
            measured = d.measured
            threshold = d.threshold
            unit = d.unit.symbol
            detail = d.detail
            time = d.fix?.time
            latitude = d.fix?.latitude
            longitude = d.fix?.longitude
        }
    }

    /// A changed fix: original and updated position and time, and the distance moved in metres.
    public struct ChangedFix: Encodable, Sendable {
        public var sourceIndex: Int
        public var stage: String
        public var moved: Double
        public var original: GeoPoint
        public var updated: GeoPoint
        public var originalTime: Double?
        public var updatedTime: Double?

        public init(_ c: FixChange) {
            sourceIndex = c.original.sourceIndex
            stage = c.stage
            moved = Geodesy.distance(c.original.point, c.updated.point)
            original = c.original.point
            updated = c.updated.point
            originalTime = c.original.time
            updatedTime = c.updated.time
        }
    }

    public init(pipeline: Pipeline, runs: [(input: String, output: String?, result: PipelineResult)]) {
        trackpipeVersion = TrackPipeVersion.current
        self.pipeline = PipelineInfo(name: pipeline.spec.name, sha256: pipeline.spec.contentHash, spec: pipeline.spec.document)
        self.runs = runs.map { r in
            Run(inputFile: r.input, outputFile: r.output, input: r.result.input, kept: r.result.track.fixes.count,
                droppedCount: r.result.dropped.count, summary: r.result.summary, stages: r.result.stages,
                dropped: r.result.dropped.map(DroppedFix.init), changed: r.result.changed.map(ChangedFix.init),
                events: r.result.events, annotations: r.result.annotations)
        }
    }
}
