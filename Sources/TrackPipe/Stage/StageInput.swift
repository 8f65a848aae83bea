/// What a whole-track stage receives: the track as earlier stages left it, their annotations and summary.
public struct StageInput: Sendable {
    /// The track after earlier stages: only the fixes they kept, positions as they changed them.
    public var track: Track
    /// Annotations published by earlier stages.
    public var annotations: Annotations
    /// Summary figures added by earlier stages.
    public var summary: [SummaryItem]
    public var context: StageContext

    public init(track: Track, annotations: Annotations = Annotations(), summary: [SummaryItem] = [], context: StageContext) {
        self.track = track
        self.annotations = annotations
        self.summary = summary
        self.context = context
    }

    public var fixes: [Fix] { track.fixes }
}
