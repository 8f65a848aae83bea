/// A pipeline stage: one step that does one thing to a track (gate by accuracy, reject jumps, smooth,
/// measure distance, award badges).
///
/// A stage declares itself in ``descriptor`` (name, summary, parameter table) and is built from parameters
/// already validated against that table. ``run(_:)`` sees the whole track. Stages that can decide fix by fix
/// — what a live app needs — conform to ``StreamingStage`` instead, and get ``run(_:)`` for free, so a causal
/// stage behaves identically live and offline.
///
/// Dropping a fix is data (a ``Drop`` with its rule and measured value), never an error: throw only when the
/// stage cannot produce a result at all.
public protocol Stage: Sendable {
    static var descriptor: StageDescriptor { get }
    init(parameters: StageParameters) throws
    func run(_ input: StageInput) throws -> StageOutput
}

extension Stage {
    /// True for stages that decide fix by fix (``StreamingStage``): they can run live.
    public static var isCausal: Bool { self is any StreamingStage.Type }
}

/// A causal stage: decides about each fix with at most a bounded look-ahead and never revises a decision,
/// so it can run live, fix by fix, as a running app does. Its whole-track ``Stage/run(_:)`` is derived from
/// the processor, so live and offline results are the same by construction.
public protocol StreamingStage: Stage {
    /// A fresh processor holding the per-run state.
    func makeProcessor(context: StageContext) throws -> any FixProcessor
}

/// The per-run state of a ``StreamingStage``. The runner pushes fixes in order and calls ``finish(into:)``
/// once at the end; the processor emits keeps, drops, changes, events, annotations and summary figures into
/// the ``StageEmitter``. A processor may hold fixes back (auto-pause needs a window of look-ahead) but must
/// emit every fix it was given, kept or dropped, by the time ``finish(into:)`` returns.
public protocol FixProcessor {
    mutating func push(_ fix: Fix, into out: inout StageEmitter) throws
    mutating func finish(into out: inout StageEmitter) throws
}

extension StreamingStage {
    public func run(_ input: StageInput) throws -> StageOutput {
        var processor = try makeProcessor(context: input.context)
        // A stage that only measures keeps every fix as it came in: its kept fixes are its input, not a copy.
        let measures = Self.descriptor.guarantees.contains(.measuresOnly)
        var out = StageEmitter(label: input.context.label, countsKept: measures)
        if !measures { out.reserveCapacity(kept: input.track.fixes.count) }
        try Self.drive(&processor, input.track.fixes, into: &out)
        var output = out.output
        // Kept every fix and did nothing else, as it declares: the input is the output. Otherwise the kept list
        // holds only what it changed, and the pipeline refuses the run (``StageGuarantees/measuresOnly``).
        if measures, out.keptCount == input.track.fixes.count, output.kept.isEmpty, output.dropped.isEmpty,
           output.changed.isEmpty, output.made.isEmpty {
            output.kept = input.track.fixes
        }
        return output
    }

    /// Pushes `fixes` through the processor, then finishes it — with the processor out of its existential box, as
    /// its own type: a mutating call through `any FixProcessor` made the box unique again for every fix, and each
    /// fix is handed over where it lies in the array rather than copied out of it first.
    private static func drive<P: FixProcessor>(_ processor: inout P, _ fixes: [Fix], into out: inout StageEmitter) throws {
        try fixes.withUnsafeBufferPointer { fixes in
            for i in fixes.indices { try processor.push(fixes[i], into: &out) }
        }
        try processor.finish(into: &out)
    }
}
