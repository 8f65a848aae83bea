/// The stages of a ``LivePipeline`` and the work of a push: each fix goes into the first stage, and whatever a
/// stage keeps goes on to the next at once, its drops, changes and events to the outputs first.
///
/// One object for all the stages, reached through one unsafe buffer per push: with a list per kind of state (the
/// processors, their emitters, four lists of drain buffers) every access to a stage's entry checked that list's
/// uniqueness first (~430 instructions a fix for the default pipeline's nine causal stages).
final class LiveStages {
    /// Only its pipeline uses it, one push at a time (see ``LivePipeline``'s copy on write).
    @exclusivity(unchecked) private var stages: [LiveStage]

    init(_ stages: [LiveStage]) { self.stages = stages }

    /// Stages of their own with the same state, for a copied pipeline that pushes.
    func copy() -> LiveStages { LiveStages(stages.map { $0.copy() }) }

    /// Summary figures the stages published so far.
    var summary: [SummaryItem] { stages.flatMap(\.emitter.output.summary) }

    func push(_ fix: Fix, into outputs: inout [LivePipeline.Output]) throws {
        try stages.withUnsafeMutableBufferPointer { stages in try Self.feed(fix, to: 0, stages, into: &outputs) }
    }

    /// Each stage in turn flushes what it held back (its kept fixes going through the stages after it) and
    /// publishes its final events.
    func finish(into outputs: inout [LivePipeline.Output]) throws {
        try stages.withUnsafeMutableBufferPointer { stages in
            for i in stages.indices {
                try stages[i].processor.finish(into: &stages[i].emitter)
                try Self.passOn(from: i, stages, into: &outputs)
            }
        }
    }

    /// `fix` into stage `stage`, and what that decides on through the later ones; past the last stage it is
    /// accepted.
    private static func feed(_ fix: Fix, to stage: Int, _ stages: UnsafeMutableBufferPointer<LiveStage>,
                             into outputs: inout [LivePipeline.Output]) throws {
        guard stage < stages.count else {
            outputs.append(.accepted(fix))
            return
        }
        try stages[stage].processor.push(fix, into: &stages[stage].emitter)
        try passOn(from: stage, stages, into: &outputs)
    }

    /// Drains stage `stage`: its drops, changes and events to `outputs`, then each fix it kept through the stages
    /// after it (which touch only their own entries, not this stage's drained buffers).
    private static func passOn(from stage: Int, _ stages: UnsafeMutableBufferPointer<LiveStage>,
                               into outputs: inout [LivePipeline.Output]) throws {
        stages[stage].drain(into: &outputs)
        let count = stages[stage].kept.count
        var i = 0
        while i < count {
            try feed(stages[stage].kept[i], to: stage + 1, stages, into: &outputs)
            i += 1
        }
    }
}

/// One live stage: its processor, its emitter, and the buffers the emitter is drained into (swapped, so a push
/// allocates nothing once they have grown to the largest batch).
struct LiveStage {
    let processor: any FixProcessorBox
    var emitter: StageEmitter
    private(set) var kept: [Fix] = []
    private var dropped: [Drop] = []
    private var changed: [FixChange] = []
    private var events: [StageEvent] = []

    init(processor: any FixProcessorBox, emitter: StageEmitter) {
        self.processor = processor
        self.emitter = emitter
    }

    /// The same state with a processor of its own (the drain buffers hold nothing between pushes).
    func copy() -> LiveStage { LiveStage(processor: processor.copy(), emitter: emitter) }

    /// Takes what the emitter holds: the kept fixes into ``kept``, the drops, changes and events appended to
    /// `outputs` in that order.
    mutating func drain(into outputs: inout [LivePipeline.Output]) {
        guard emitter.hasDropsChangesOrEvents else {
            emitter.drainKept(into: &kept)
            return
        }
        emitter.drain(kept: &kept, dropped: &dropped, changed: &changed, events: &events)
        for d in dropped { outputs.append(.dropped(d)) }
        for c in changed { outputs.append(.changed(c)) }
        for e in events { outputs.append(.event(e)) }
    }
}
