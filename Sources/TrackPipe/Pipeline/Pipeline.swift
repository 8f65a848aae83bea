/// A validated pipeline: the spec plus the stages it names, built from a registry. Run it on a whole track
/// (``run(_:clock:)``) or live, fix by fix (``live(activity:trackName:)``).
public struct Pipeline: Sendable {
    /// A stage of the pipeline with its label.
    public struct Step: Sendable {
        public var label: String
        public var stage: any Stage
        /// The stage's registered name.
        public var name: String { type(of: stage).descriptor.name }
        public var isCausal: Bool { type(of: stage).isCausal }
        /// Whether the stage only measures (``StageGuarantees/measuresOnly``).
        var measuresOnly: Bool { type(of: stage).descriptor.guarantees.contains(.measuresOnly) }
    }

    public let spec: PipelineSpec
    public let steps: [Step]

    /// Validates every entry of `spec` against `registry` — unknown stages, unknown or wrong parameters —
    /// and builds the stages. All problems are reported together; nothing runs.
    public static func build(_ spec: PipelineSpec, registry: StageRegistry) -> Result<Pipeline, SpecProblems> {
        var problems: [SpecProblem] = []
        var steps: [Step] = []
        for entry in spec.entries {
            switch registry.makeStage(named: entry.stage, parameters: entry.parameters, path: entry.path) {
            case .success(let stage): steps.append(Step(label: entry.label, stage: stage))
            case .failure(let p): problems += p.problems
            }
        }
        if !problems.isEmpty { return .failure(SpecProblems(problems)) }
        return .success(Pipeline(spec: spec, steps: steps))
    }

    /// Parses, shape-checks and builds a spec in one go; `source` names the file in messages.
    /// Every problem is reported at once: when the spec's shape is wrong somewhere, the stage entries that can be
    /// read are still checked against the registry.
    public static func load(_ data: [UInt8], source: String? = nil, registry: StageRegistry) -> Result<Pipeline, SpecProblems> {
        switch PipelineSpec.parse(.init(data), source: source) {
        case .success(let spec):
            return build(spec, registry: registry).mapError { SpecProblems($0.problems, source: source) }
        case .failure(let shape):
            var problems = shape.problems
            if case .success(.object(let root)) = JSONText.parseDocument(.init(data)) {
                for entry in PipelineSpec.stageEntries(root["stages"]).entries {
                    if case .failure(let p) = registry.makeStage(named: entry.stage, parameters: entry.parameters, path: entry.path) {
                        problems += p.problems
                    }
                }
            }
            return .failure(SpecProblems(problems, source: source))
        }
    }

    /// What this pipeline records in every output.
    public var provenance: Provenance {
        Provenance(pipelineName: spec.name, canonicalSpec: spec.canonicalJSON, trackpipeVersion: TrackPipeVersion.current)
    }

    /// This pipeline without its whole-track stages — what can run live. Its provenance names the spec with
    /// a `(causal stages)` suffix so a live result is never mistaken for the full pipeline's.
    public func causalPart() -> Pipeline {
        var spec = self.spec
        if !wholeTrackStages.isEmpty { spec.name += " (causal stages)" }
        return Pipeline(spec: spec, steps: steps.filter(\.isCausal))
    }

    /// Stages that need the whole track (cannot run live), by label.
    public var wholeTrackStages: [String] { steps.filter { !$0.isCausal }.map(\.label) }

    /// Runs every stage on the whole track, in order. Reader rejections are reported as drops of the `read`
    /// stage. Throws ``PipelineError`` when a stage fails or breaks the kept + dropped = read invariant.
    ///
    /// The track is consumed: a caller that hands over its only copy lets each stage's input be freed as the
    /// next stage runs (a 2.3 M-fix track is 330 MB).
    public func run(_ track: consuming Track, clock: ContinuousClock = ContinuousClock()) throws -> PipelineResult {
        // Stages judge the track by its own activity, or by one inferred from its speeds when it names none;
        // the track itself keeps what the file said.
        var current = track
        let activity = ActivityInference.resolve(current)
        let inputSummary = InputSummary(current)
        var annotations = Annotations()
        var summary: [SummaryItem] = []
        var dropped = current.rejected.map(Drop.init(rejected:))
        var changed: [FixChange] = []
        var events: [StageEvent] = []
        var made: [MadeFix] = []
        // Made fixes are numbered above every index the run has seen.
        var nextMade = max(current.recordCount, (current.fixes.lazy.map(\.sourceIndex).max() ?? -1) + 1)
        var reports = [StageReport(label: Drop.readStage, stage: Drop.readStage, fixesIn: current.recordCount,
                                   fixesOut: current.fixes.count, dropped: current.rejected.count, changed: 0,
                                   dropsByRule: StageReport.count(dropped), wallTime: 0)]
        current.rejected = []
        /// Takes in one stage's output as the next stage will see it; `input` is the fixes it ran on.
        func record(_ step: Step, _ output: StageOutput, elapsed: Duration, input: [Fix]) throws {
            if step.measuresOnly,
               !output.dropped.isEmpty || !output.changed.isEmpty || !output.made.isEmpty || output.kept.count != input.count {
                throw PipelineError.accountingBroken(stage: step.label, detail: "it declares that it only measures, but it dropped, changed or made fixes")
            }
            try PipelineAccounting.check(input: input, output: output, stage: step.label)
            if let stale = output.made.first(where: { $0.sourceIndex < nextMade }) {
                throw PipelineError.accountingBroken(stage: step.label, detail: "made fix \(stale.sourceIndex) is numbered below the first fresh index \(nextMade)")
            }
            reports.append(StageReport(label: step.label, stage: step.name, fixesIn: input.count,
                                       fixesOut: output.kept.count, dropped: output.dropped.count,
                                       changed: output.changed.count, dropsByRule: StageReport.count(output.dropped),
                                       wallTime: elapsed.seconds, drops: type(of: step.stage).descriptor.drops,
                                       made: output.made.isEmpty ? nil : output.made.count))
            if !output.made.isEmpty {
                made += output.made
                nextMade = max(nextMade, (output.made.lazy.map(\.sourceIndex).max() ?? nextMade) + 1)
            }
            current.fixes = output.kept
            annotations.merge(output.annotations)
            for item in output.summary {
                summary.removeAll { $0.key == item.key }
                summary.append(item)
            }
            // Taken over whole while still empty rather than copied element by element (a smoother changes
            // every fix: its changes are the largest list a stage returns).
            if changed.isEmpty { changed = output.changed } else { changed += output.changed }
            dropped += output.dropped
            events += output.events
        }
        var next = 0
        while next < steps.count {
            // Consecutive stages that only measure see the same fixes and nothing of each other: on a long track
            // they run side by side.
            var group = next + 1
            if current.fixes.count >= Self.sideBySideThreshold, SideBySide.processorCount > 1 {
                while group < steps.count, steps[group - 1].measuresOnly, steps[group].measuresOnly { group += 1 }
            }
            let input = StageInput(track: current, annotations: annotations, summary: summary, context: StageContext(
                label: "", activity: activity.activity, trackName: current.name, isLive: false, firstMadeSourceIndex: nextMade))
            let members = Array(steps[next..<group])
            let runs = members.count == 1
                ? [Self.run(members[0], on: input, clock: clock)]
                : SideBySide.map(members.count) { Self.run(members[$0], on: input, clock: clock) }
            let fixes = current.fixes
            for (step, run) in zip(members, runs) {
                switch run.output {
                case .success(let output): try record(step, output, elapsed: run.elapsed, input: fixes)
                case .failure(let error): throw PipelineError.stageFailed(stage: step.label, underlying: "\(error)")
                }
            }
            next = group
        }
        var result = PipelineResult(provenance: provenance, input: inputSummary, track: current, dropped: dropped,
                                    changed: changed, annotations: annotations, summary: summary, events: events, stages: reports,
                                    activity: activity)
        result.made = made
        return result
    }

    /// Fixes from which consecutive stages that only measure run side by side (``StageGuarantees/measuresOnly``):
    /// below it, starting the threads costs more than the stages take (about 0.1–0.2 µs per fix each).
    static let sideBySideThreshold = 16_384

    /// `step` run on `input` (its context labelled for it), and how long it took.
    private static func run(_ step: Step, on input: StageInput, clock: ContinuousClock)
        -> (output: Result<StageOutput, any Error>, elapsed: Duration) {
        var input = input
        input.context.label = step.label
        let start = clock.now
        let output = Result { try step.stage.run(input) }
        return (output, start.duration(to: clock.now))
    }

    /// A live runner for this pipeline. Refused, naming them, when any stage needs the whole track.
    public func live(activity: Activity? = nil, trackName: String? = nil) throws -> LivePipeline {
        let offline = wholeTrackStages
        guard offline.isEmpty else { throw PipelineError.notCausal(stages: offline) }
        return try LivePipeline(steps: steps, activity: activity, trackName: trackName, provenance: provenance)
    }
}

extension Duration {
    /// The duration in seconds as a Double.
    var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) * 1e-18
    }
}
