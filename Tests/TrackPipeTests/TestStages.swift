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

func testRegistry() throws -> StageRegistry {
    var r = StageRegistry()
    try r.register(CountingStage.self)
    try r.register(DropOddStage.self)
    try r.register(LosingStage.self)
    try r.register(DoubleCountingStage.self)
    try r.register(SwappingStage.self)
    return r
}
