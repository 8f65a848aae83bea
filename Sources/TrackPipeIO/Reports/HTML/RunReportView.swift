import TrackPipe

/// One run as ``HTMLReport`` draws it: the track as read, what the pipeline made of it, and what the caller
/// adds from stages this module does not know (split and badge markers, formatted summary figures).
public struct RunReportView: Sendable {
    /// The input's name as the user gave it (a path).
    public var name: String
    /// The track as read, before any stage: drawn as faint points.
    public var recorded: Track
    public var result: PipelineResult
    /// Splits and badge checkpoints to mark on the map.
    public var markers: [ReportMarker]
    /// Summary lines shown beside the map, in order: distance, times, pace, next badge, …, already formatted
    /// in the report's units.
    public var facts: [ReportFact]

    public init(name: String, recorded: Track, result: PipelineResult, markers: [ReportMarker] = [], facts: [ReportFact] = []) {
        self.name = name
        self.recorded = recorded
        self.result = result
        self.markers = markers
        self.facts = facts
    }
}
