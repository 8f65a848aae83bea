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
        self.provenance = provenance
    }

    /// Pushes one fix through the pipeline and returns what happened, in order.
    public mutating func push(_ fix: Fix) throws -> [Output] {
        pushed += 1
        var outputs: [Output] = []
        try feed([fix], from: 0, into: &outputs)
        return outputs
    }

    /// Ends the run: each stage flushes what it held back (auto-pause's look-ahead) and publishes its
    /// final events. Calling it twice returns nothing the second time.
    public mutating func finish() throws -> [Output] {
        guard !finished else { return [] }
        finished = true
        var outputs: [Output] = []
        for i in processors.indices {
            try processors[i].finish(into: &emitters[i])
            let drained = emitters[i].drain()
            collect(drained, stage: i, into: &outputs)
            try feed(drained.kept, from: i + 1, into: &outputs)
        }
        return outputs
    }

    /// Summary figures the stages published so far (live status).
    public var summary: [SummaryItem] { emitters.flatMap(\.output.summary) }

    private mutating func feed(_ fixes: [Fix], from stage: Int, into outputs: inout [Output]) throws {
        guard stage < processors.count else {
            outputs += fixes.map(Output.accepted)
            return
        }
        for fix in fixes {
            try processors[stage].push(fix, into: &emitters[stage])
            let drained = emitters[stage].drain()
            collect(drained, stage: stage, into: &outputs)
            try feed(drained.kept, from: stage + 1, into: &outputs)
        }
    }

    private func collect(_ d: (kept: [Fix], dropped: [Drop], changed: [FixChange], events: [StageEvent]), stage: Int, into outputs: inout [Output]) {
        outputs += d.dropped.map(Output.dropped)
        outputs += d.changed.map(Output.changed)
        outputs += d.events.map(Output.event)
    }
}
