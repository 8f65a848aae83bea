/// Everything a pipeline run produced. Invariant: `input.records == track.fixes.count + dropped.count`.
public struct PipelineResult: Sendable {
    public var provenance: Provenance
    public var input: InputSummary
    /// The kept track, as the last stage left it.
    public var track: Track
    /// Every dropped fix with its reason, in stage order (reader rejections first, stage `read`).
    public var dropped: [Drop]
    /// Every changed fix with its original.
    public var changed: [FixChange]
    public var annotations: Annotations
    public var summary: [SummaryItem]
    public var events: [StageEvent]
    /// One row per stage (the first is `read`): fixes in and out, drops by rule, wall time.
    public var stages: [StageReport]
    /// Fixes made by stages (resampling), in the order made: with the records read, every one of them ends kept
    /// or dropped.
    public var made: [MadeFix] = []
    /// The activity the stages judged the track by, and why (the track's own, or inferred from its speeds);
    /// `nil` for a result not made by ``Pipeline/run(_:clock:)``.
    public var activity: ActivityInference?

    public init(provenance: Provenance, input: InputSummary, track: Track, dropped: [Drop], changed: [FixChange],
                annotations: Annotations, summary: [SummaryItem], events: [StageEvent], stages: [StageReport],
                activity: ActivityInference? = nil) {
        self.activity = activity
        self.provenance = provenance
        self.input = input
        self.track = track
        self.dropped = dropped
        self.changed = changed
        self.annotations = annotations
        self.summary = summary
        self.events = events
        self.stages = stages
    }

    /// The summary figure with `key`, if a stage added it.
    public func summaryValue(_ key: String) -> Double? { summary.first { $0.key == key }?.value }
}

/// What went into a run.
public struct InputSummary: Sendable, Hashable, Codable {
    public var name: String?
    public var sourceFormat: String?
    public var activity: Activity?
    /// Records read: fixes plus rejected records.
    public var records: Int
    public var rejected: Int

    public init(_ track: Track) {
        name = track.name
        sourceFormat = track.sourceFormat
        activity = track.activity
        records = track.recordCount
        rejected = track.rejected.count
    }
}

/// Where a result came from: enough to reproduce it.
public struct Provenance: Sendable, Hashable {
    public var pipelineName: String
    /// The spec's canonical JSON (``PipelineSpec/canonicalJSON``); outputs record its SHA-256.
    public var canonicalSpec: String
    public var trackpipeVersion: String

    public init(pipelineName: String, canonicalSpec: String, trackpipeVersion: String) {
        self.pipelineName = pipelineName
        self.canonicalSpec = canonicalSpec
        self.trackpipeVersion = trackpipeVersion
    }
}

/// One stage's line in the run report.
public struct StageReport: Sendable, Hashable, Codable {
    public var label: String
    public var stage: String
    public var fixesIn: Int
    public var fixesOut: Int
    public var dropped: Int
    public var changed: Int
    /// Drops per rule, e.g. `["max-horizontal-accuracy": 12]`.
    public var dropsByRule: [String: Int]
    /// Fixes the stage made (resampling); `nil` (and absent from the report) when it made none.
    public var made: Int?
    /// Wall time of the stage, seconds.
    public var wallTime: Double
    /// Why the stage drops fixes (its descriptor's ``StageDescriptor/drops``). Not in the report: the stage name
    /// says it.
    public var drops: StageDescriptor.DropKind = .judged

    enum CodingKeys: String, CodingKey {
        case label, stage, fixesIn, fixesOut, dropped, changed, made, dropsByRule, wallTime
    }

    public init(label: String, stage: String, fixesIn: Int, fixesOut: Int, dropped: Int, changed: Int,
                dropsByRule: [String: Int], wallTime: Double, drops: StageDescriptor.DropKind = .judged, made: Int? = nil) {
        self.label = label
        self.stage = stage
        self.fixesIn = fixesIn
        self.fixesOut = fixesOut
        self.dropped = dropped
        self.changed = changed
        self.dropsByRule = dropsByRule
        self.wallTime = wallTime
        self.drops = drops
        self.made = made
    }

    static func count(_ drops: [Drop]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for d in drops { counts[d.rule, default: 0] += 1 }
        return counts
    }
}
