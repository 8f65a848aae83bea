@testable import TrackPipe

/// Fixes along the equator, one per second, `step` degrees of longitude apart.
func equatorFixes(_ n: Int, step: Double = 0.0001, start: Double = 1_700_000_000) -> [Fix] {
    (0..<n).map { Fix(time: start + Double($0), latitude: 0, longitude: Double($0) * step, horizontalAccuracy: 5, sourceIndex: $0) }
}

/// A whole-track test stage: keeps every fix, reversing nothing; publishes the count it saw.
struct CountingStage: Stage {
    static let descriptor = StageDescriptor(name: "counting", summary: "Counts fixes (test).", parameters: [
        ParameterSpec(name: "required-thing", kind: .integer, isRequired: true, range: .closed(1, 10), help: "A required integer (test)."),
    ])
    init(parameters: StageParameters) throws {}
    func run(_ input: StageInput) throws -> StageOutput {
        var out = StageOutput(kept: input.fixes)
        out.summary = [SummaryItem(key: "count", label: "Count", value: Double(input.fixes.count), unit: .count, stage: input.context.label)]
        return out
    }
}

/// A causal test stage that drops fixes whose source index is odd.
struct DropOddStage: StreamingStage {
    static let descriptor = StageDescriptor(name: "drop-odd", summary: "Drops odd source indices (test).", parameters: [
        .boolean("enabled", default: true, help: "Whether to drop (test)."),
        .choice("mode", ["a", "b"], default: "a", help: "A choice (test)."),
        .number("limit", unit: .metres, default: 20, range: .positive, help: "A positive number (test)."),
    ])
    let enabled: Bool
    init(parameters: StageParameters) throws { enabled = try parameters.bool("enabled") }
    func makeProcessor(context: StageContext) throws -> any FixProcessor { P(enabled: enabled) }
    struct P: FixProcessor {
        let enabled: Bool
        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            if enabled && fix.sourceIndex % 2 == 1 { out.drop(fix, rule: "odd", measured: Double(fix.sourceIndex), threshold: nil, unit: .none) }
            else { out.keep(fix) }
        }
        mutating func finish(into out: inout StageEmitter) throws { out.emit("done") }
    }
}

/// A broken stage that loses a fix: the runner must report it, not pass it on.
struct LosingStage: Stage {
    static let descriptor = StageDescriptor(name: "losing", summary: "Loses the last fix (test).", parameters: [])
    init(parameters: StageParameters) throws {}
    func run(_ input: StageInput) throws -> StageOutput { StageOutput(kept: Array(input.fixes.dropLast())) }
}

/// A broken stage that keeps every fix and also reports the first as dropped: the counts are off by one.
struct DoubleCountingStage: Stage {
    static let descriptor = StageDescriptor(name: "double-counting", summary: "Keeps every fix and drops the first too (test).", parameters: [])
    init(parameters: StageParameters) throws {}
    func run(_ input: StageInput) throws -> StageOutput {
        StageOutput(kept: input.fixes, dropped: input.fixes.prefix(1).map { Drop(fix: $0, stage: "double-counting", rule: "twice") })
    }
}

/// A broken stage whose counts add up but which keeps the first fix twice and never reports the last.
struct SwappingStage: Stage {
    static let descriptor = StageDescriptor(name: "swapping", summary: "Keeps the first fix in place of the last (test).", parameters: [])
    init(parameters: StageParameters) throws {}
    func run(_ input: StageInput) throws -> StageOutput {
        StageOutput(kept: input.fixes.prefix(1) + input.fixes.dropLast())
    }
}

/// Makes one fix after every kept fix, at its position one second later, numbered from the context's first fresh
/// index — or, with `stale` set, from 0, which the runner must refuse (test).
struct MakingStage: Stage {
    static let descriptor = StageDescriptor(name: "making", summary: "Makes a fix after every fix (test).",
                                            parameters: [.boolean("stale", default: false, help: "Number made fixes from 0.")])
    let stale: Bool
    init(parameters: StageParameters) throws { stale = try parameters.bool("stale") }
    func run(_ input: StageInput) throws -> StageOutput {
        var kept: [Fix] = [], made: [MadeFix] = []
        var next = stale ? 0 : input.context.firstMadeSourceIndex
        for f in input.fixes {
            kept.append(f)
            var m = f
            m.time = f.time.map { $0 + 0.5 }
            m.sourceIndex = next
            made.append(MadeFix(sourceIndex: next, from: f.sourceIndex, to: f.sourceIndex))
            kept.append(m)
            next += 1
        }
        return StageOutput(kept: kept, made: made)
    }
}

/// Only measures (`StageGuarantees.measuresOnly`): keeps every fix and records, as its summary figure and an
/// annotation named after its label, the sum of the kept fixes' longitudes weighted by their position, so a wrong
/// order or a missing fix changes the figure (test).
struct MeasuringStage: StreamingStage {
    static let descriptor = StageDescriptor(name: "measuring", summary: "Measures the fixes (test).", parameters: [],
                                            guarantees: [.preservesOrder, .preservesPositions, .measuresOnly])
    init(parameters: StageParameters) throws {}
    func makeProcessor(context: StageContext) throws -> any FixProcessor { P(label: context.label) }
    struct P: FixProcessor {
        let label: String
        var n = 0.0, sum = 0.0
        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            n += 1
            sum += n * fix.longitude
            out.keep(fix)
            if fix.sourceIndex % 5000 == 0 { out.emit("milestone", time: fix.time, sourceIndex: fix.sourceIndex) }
        }
        mutating func finish(into out: inout StageEmitter) throws {
            out.summarize("weighted-\(label)", label: "Weighted", value: sum, unit: .none)
            out.annotate(MeasuredKey.self, [label: sum])
        }
    }
}

/// Where `MeasuringStage` puts its figure, by label (test).
enum MeasuredKey: AnnotationKey {
    typealias Value = [String: Double]
    static let name = "measured"
}

/// Declares that it only measures but drops its first fix: the runner must refuse it (test).
struct FalselyMeasuringStage: StreamingStage {
    static let descriptor = StageDescriptor(name: "falsely-measuring", summary: "Drops a fix though it says it only measures (test).",
                                            parameters: [], guarantees: [.preservesOrder, .measuresOnly])
    init(parameters: StageParameters) throws {}
    func makeProcessor(context: StageContext) throws -> any FixProcessor { P() }
    struct P: FixProcessor {
        var first = true
        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            if first { out.drop(fix, rule: "first", measured: nil, threshold: nil, unit: .none) } else { out.keep(fix) }
            first = false
        }
        mutating func finish(into out: inout StageEmitter) throws {}
    }
}

/// Declares that it only measures but reports what the stages before it summarised: conformance must catch it
/// (test).
struct EavesdroppingStage: Stage {
    static let descriptor = StageDescriptor(name: "eavesdropping", summary: "Repeats earlier figures (test).", parameters: [],
                                            guarantees: [.preservesOrder, .measuresOnly])
    init(parameters: StageParameters) throws {}
    func run(_ input: StageInput) throws -> StageOutput {
        StageOutput(kept: input.fixes, summary: [SummaryItem(key: "heard", label: "Heard", value: Double(input.summary.count), unit: .count, stage: input.context.label)])
    }
}

func testRegistry() throws -> StageRegistry {
    var r = StageRegistry()
    try r.register(CountingStage.self)
    try r.register(DropOddStage.self)
    try r.register(LosingStage.self)
    try r.register(DoubleCountingStage.self)
    try r.register(SwappingStage.self)
    try r.register(MakingStage.self)
    try r.register(MeasuringStage.self)
    try r.register(FalselyMeasuringStage.self)
    return r
}
