import TrackPipe

/// Runs one stage alone on fixes held in memory — for testing a stage (built-in or plugin) without files,
/// specs or the CLI. Checks the kept + dropped = read invariant on every call.
public struct StageHarness<S: Stage> {
    public var stage: S
    public var context: StageContext

    /// A harness for `stage`; the context label defaults to the stage's name.
    public init(_ stage: S, activity: Activity? = nil) {
        self.stage = stage
        self.context = StageContext(label: S.descriptor.name, activity: activity)
    }

    /// A harness for the stage built with its defaults, overridden by `parameters` (validated as a spec would be).
    public init(parameters: [String: JSONValue] = [:], activity: Activity? = nil) throws {
        let validated = try StageParameters.with(parameters, for: S.descriptor)
        self.init(try S(parameters: validated), activity: activity)
    }

    /// Runs the stage on `fixes` (with earlier annotations if any) and checks that every input fix is kept
    /// or dropped exactly once, by `Fix.sourceIndex`.
    public func run(_ fixes: [Fix], annotations: Annotations = Annotations(), summary: [SummaryItem] = []) throws -> StageOutput {
        let input = StageInput(track: Track(activity: context.activity, fixes: fixes), annotations: annotations, summary: summary, context: context)
        let out = try stage.run(input)
        try Self.checkAccounting(input: fixes, output: out, stage: context.label)
        return out
    }

    /// Runs a `StreamingStage` live: pushes fixes one by one and returns what was emitted after each push
    /// (the last element is what `FixProcessor.finish(into:)` emitted).
    public func runLive(_ fixes: [Fix]) throws -> [(kept: [Fix], dropped: [Drop], changed: [FixChange], events: [StageEvent])] where S: StreamingStage {
        var live = context
        live.isLive = true
        var processor = try stage.makeProcessor(context: live)
        var out = StageEmitter(label: live.label)
        var steps: [(kept: [Fix], dropped: [Drop], changed: [FixChange], events: [StageEvent])] = []
        for fix in fixes {
            try processor.push(fix, into: &out)
            steps.append(out.drain())
        }
        try processor.finish(into: &out)
        steps.append(out.drain())
        return steps
    }

    /// Throws `PipelineError.accountingBroken` when `output` does not account for every
    /// fix of `input` exactly once.
    public static func checkAccounting(input: [Fix], output: StageOutput, stage: String) throws {
        try PipelineAccounting.check(input: input, output: output, stage: stage)
    }
}
