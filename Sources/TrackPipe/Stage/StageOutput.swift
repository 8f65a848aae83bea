/// What a stage returns. Invariant (checked by the runner): every input fix is either in ``kept`` or in
/// ``dropped``, exactly once; a changed fix is in ``kept`` (updated) and in ``changed`` (with its original); a
/// fix the stage made (``made``) is in ``kept`` exactly once, under a fresh source index.
public struct StageOutput: Sendable {
    /// The fixes kept, in order, as this stage leaves them.
    public var kept: [Fix]
    public var dropped: [Drop]
    public var changed: [FixChange]
    /// Annotations this stage adds (merged over earlier ones by key).
    public var annotations: Annotations
    public var summary: [SummaryItem]
    public var events: [StageEvent]
    /// Fixes this stage made (resampling), each also in ``kept``.
    public var made: [MadeFix]

    public init(
        kept: [Fix], dropped: [Drop] = [], changed: [FixChange] = [], annotations: Annotations = Annotations(),
        summary: [SummaryItem] = [], events: [StageEvent] = [], made: [MadeFix] = []
    ) {
        self.kept = kept
        self.dropped = dropped
        self.changed = changed
        self.annotations = annotations
        self.summary = summary
        self.events = events
        self.made = made
    }
}
