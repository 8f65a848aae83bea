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

    /// The stages' state: shared by copies of this pipeline until one of them pushes or finishes, which takes a
    /// copy of its own first, so a copy goes on from where the original stood and neither sees the other's pushes.
    private var stages: LiveStages
    public let provenance: Provenance
    /// Fixes pushed so far.
    public private(set) var pushed = 0
    private var finished = false

    init(steps: [Pipeline.Step], activity: Activity?, trackName: String?, provenance: Provenance) throws {
        var stages: [LiveStage] = []
        for step in steps {
            guard let streaming = step.stage as? any StreamingStage else {
                throw PipelineError.notCausal(stages: [step.label])
            }
            let context = StageContext(label: step.label, activity: activity, trackName: trackName, isLive: true)
            stages.append(LiveStage(processor: try streaming.makeProcessor(context: context).boxed(),
                                    emitter: StageEmitter(label: step.label)))
        }
        self.stages = LiveStages(stages)
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
        ownStages()
        try stages.push(fix, into: &outputs)
    }

    /// Ends the run: each stage flushes what it held back (auto-pause's look-ahead) and publishes its
    /// final events. Calling it twice returns nothing the second time.
    public mutating func finish() throws -> [Output] {
        guard !finished else { return [] }
        finished = true
        var outputs: [Output] = []
        ownStages()
        try stages.finish(into: &outputs)
        return outputs
    }

    /// Copies the stages first when a copy of this pipeline shares them (copy on write).
    private mutating func ownStages() {
        if !isKnownUniquelyReferenced(&stages) { stages = stages.copy() }
    }

    /// Summary figures the stages published so far (live status).
    public var summary: [SummaryItem] { stages.summary }
}
