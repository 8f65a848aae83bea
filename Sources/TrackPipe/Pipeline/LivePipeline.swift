/// A pipeline of causal stages run fix by fix, as a running app does: each pushed fix goes through every
/// stage at once, and what happened (accepted, dropped, changed, events) comes back immediately. Decisions
/// never change afterwards. Built by ``Pipeline/live(activity:trackName:)``.
public struct LivePipeline {
    /// Something that happened while pushing a fix.
    public enum Output: Sendable {
        /// The fix passed every stage (as the last stage left it).
        case accepted(Fix)
        case dropped(Drop)
        case changed(FixChange)
        case event(StageEvent)
    }

    private var processors: [any FixProcessor]
    private var emitters: [StageEmitter]
    /// Per stage, the buffers its emitter is drained into (swapped, so a push allocates nothing once they
    /// have grown to the largest batch).
    private var keptBuffers: [[Fix]]
    private var droppedBuffers: [[Drop]]
    private var changedBuffers: [[FixChange]]
    private var eventBuffers: [[StageEvent]]
    public let provenance: Provenance
    /// Fixes pushed so far.
    public private(set) var pushed = 0
    private var finished = false

    init(steps: [Pipeline.Step], activity: Activity?, trackName: String?, provenance: Provenance) throws {
        var processors: [any FixProcessor] = []
        for step in steps {
            guard let streaming = step.stage as? any StreamingStage else {
                throw PipelineError.notCausal(stages: [step.label])
            }
            let context = StageContext(label: step.label, activity: activity, trackName: trackName, isLive: true)
            processors.append(try streaming.makeProcessor(context: context))
        }
        self.processors = processors
        self.emitters = steps.map { StageEmitter(label: $0.label) }
        keptBuffers = Array(repeating: [], count: steps.count)
        droppedBuffers = Array(repeating: [], count: steps.count)
        changedBuffers = Array(repeating: [], count: steps.count)
        eventBuffers = Array(repeating: [], count: steps.count)
        self.provenance = provenance
    }

    /// Pushes one fix through the pipeline and returns what happened, in order.
    public mutating func push(_ fix: Fix) throws -> [Output] {
        var outputs: [Output] = []
        try push(fix, into: &outputs)
        return outputs
    }

    /// Pushes one fix through the pipeline and appends what happened, in order, to `outputs`. A host that
    /// clears and reuses one buffer (`removeAll(keepingCapacity: true)`) pushes without allocating.
    public mutating func push(_ fix: Fix, into outputs: inout [Output]) throws {
        pushed += 1
        try feed(CollectionOfOne(fix), from: 0, into: &outputs)
    }

    /// Ends the run: each stage flushes what it held back (auto-pause's look-ahead) and publishes its
    /// final events. Calling it twice returns nothing the second time.
    public mutating func finish() throws -> [Output] {
        guard !finished else { return [] }
        finished = true
        var outputs: [Output] = []
        for i in processors.indices {
            try processors[i].finish(into: &emitters[i])
            let kept = drain(stage: i, into: &outputs)
            try feed(kept, from: i + 1, into: &outputs)
        }
        return outputs
    }

    /// Summary figures the stages published so far (live status).
    public var summary: [SummaryItem] { emitters.flatMap(\.output.summary) }

    private mutating func feed<C: Collection<Fix>>(_ fixes: C, from stage: Int, into outputs: inout [Output]) throws {
        guard stage < processors.count else {
            for fix in fixes { outputs.append(.accepted(fix)) }
            return
        }
        for fix in fixes {
            try processors[stage].push(fix, into: &emitters[stage])
            let kept = drain(stage: stage, into: &outputs)
            try feed(kept, from: stage + 1, into: &outputs)
        }
    }

    /// Drains stage `stage`'s emitter into its buffers, appends its drops, changes and events to `outputs`
    /// and returns the fixes it kept, for the next stage. The returned array shares the stage's kept buffer
    /// only until the next stage has consumed it (each stage has its own), so the next drain reuses it.
    private mutating func drain(stage: Int, into outputs: inout [Output]) -> [Fix] {
        guard emitters[stage].hasDropsChangesOrEvents else {
            emitters[stage].drainKept(into: &keptBuffers[stage])
            return keptBuffers[stage]
        }
        emitters[stage].drain(kept: &keptBuffers[stage], dropped: &droppedBuffers[stage],
                              changed: &changedBuffers[stage], events: &eventBuffers[stage])
        for d in droppedBuffers[stage] { outputs.append(.dropped(d)) }
        for c in changedBuffers[stage] { outputs.append(.changed(c)) }
        for e in eventBuffers[stage] { outputs.append(.event(e)) }
        return keptBuffers[stage]
    }
}
