import TrackPipe

/// The JSON report of `trackpipe run --report` (every key in <doc:ReportSchemas>): one
/// entry per input, each self-contained — provenance, input, summary, per-stage counts and times, every dropped
/// fix with its reason (``DropRecord``), every changed fix with how far it moved (``ChangeRecord``), events and
/// annotations.
///
/// ``RunReportWriter`` writes the same document without building this value (the `dropped` and `changed` lists of a
/// long run are most of it); this type is for code that wants the report as a value.
public struct RunReport: Encodable, Sendable {
    /// The `schema` every run report names.
    public static let schemaName = "trackpipe-run-report/1"
    public var schema = RunReport.schemaName
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
        /// The activity the stages judged the run by: `activity`, `source` (`track`, `inferred`, `assumed`),
        /// the moving speeds it was inferred from, and a `reason` sentence.
        public var activity: ActivityInference?
        public var kept: Int
        public var droppedCount: Int
        public var summary: [SummaryItem]
        public var stages: [StageReport]
        public var dropped: [DropRecord]
        public var changed: [ChangeRecord]
        public var events: [StageEvent]
        public var annotations: Annotations
    }

    public init(pipeline: Pipeline, runs: [(input: String, output: String?, result: PipelineResult)]) {
        trackpipeVersion = TrackPipeVersion.current
        self.pipeline = PipelineInfo(name: pipeline.spec.name, sha256: pipeline.spec.contentHash, spec: pipeline.spec.document)
        self.runs = runs.map { r in
            Run(inputFile: r.input, outputFile: r.output, input: r.result.input, activity: r.result.activity,
                kept: r.result.track.fixes.count,
                droppedCount: r.result.dropped.count, summary: r.result.summary, stages: r.result.stages,
                dropped: r.result.dropped.map { DropRecord($0) }, changed: r.result.changed.map(ChangeRecord.init),
                events: r.result.events, annotations: r.result.annotations)
        }
    }
}
