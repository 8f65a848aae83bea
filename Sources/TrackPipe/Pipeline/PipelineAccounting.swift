/// The kept + dropped = read (+ made) check, applied to every stage the runner and the harness run.
public enum PipelineAccounting {
    /// Throws ``PipelineError/accountingBroken(stage:detail:)`` unless every input fix is kept or dropped
    /// exactly once (by ``Fix/sourceIndex``), and every fix the stage made (``StageOutput/made``) has an index
    /// no input fix has, its own, and is kept exactly once (never dropped).
    public static func check(input: [Fix], output: StageOutput, stage: String) throws {
        if output.kept.count + output.dropped.count != input.count + output.made.count {
            let made = output.made.isEmpty ? "" : " + \(output.made.count) made"
            throw PipelineError.accountingBroken(stage: stage, detail: "\(input.count) fixes in\(made), \(output.kept.count) kept + \(output.dropped.count) dropped")
        }
        if !output.made.isEmpty {
            try checkMade(input: input, output: output, stage: stage)
            return
        }
        // Source indices normally span about as many values as there are fixes, so a count per value in an array
        // does the check (a dictionary, the fallback for scattered indices, cost more than most stages' own work).
        // Most often they lie in 0..<4n+64 (a reader's numbering, thinned by earlier stages): then one pass over
        // the input counts them (the fixes are 144 bytes apart, so each pass over a long track costs
        // milliseconds); otherwise their range is measured first.
        guard !input.isEmpty else { return }
        // The input itself handed on as the kept fixes (a stage that only measures): nothing to count.
        if output.dropped.isEmpty, sameStorage(input, output.kept) { return }
        if inOrder(input: input, output: output) { return }
        if try checkIndices(input: input, output: output, stage: stage, low: 0, high: 4 * input.count + 63) { return }
        var low = Int.max, high = Int.min
        for f in input {
            low = min(low, f.sourceIndex)
            high = max(high, f.sourceIndex)
        }
        let (span, overflow) = high.subtractingReportingOverflow(low)
        if !overflow, span < 4 * input.count + 64, try checkIndices(input: input, output: output, stage: stage, low: low, high: high) {
            return
        }
        var expected = [Int: Int]()
        expected.reserveCapacity(input.count)
        for f in input { expected[f.sourceIndex, default: 0] += 1 }
        for i in output.kept.lazy.map(\.sourceIndex) + output.dropped.lazy.map(\.sourceIndex) {
            guard let n = expected[i], n > 0 else {
                throw PipelineError.accountingBroken(stage: stage, detail: "source index \(i) reported more often than it came in")
            }
            expected[i] = n - 1
        }
    }

    /// True when `a` and `b` are one array (the same storage and count), not merely equal.
    static func sameStorage(_ a: [Fix], _ b: [Fix]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    }

    /// The common case, decided in one pass over the input and kept fixes without a table: the kept fixes are
    /// the input's in order with some left out, and the dropped ones are exactly those left out. (Greedy matching
    /// finds the kept fixes in the input whenever they are an ordered subset of it; what it leaves out is then the
    /// same multiset of source indices, whichever copies of a repeated index it matched.) `false` when the stage
    /// reordered its fixes or dropped many — the counting checks decide then, and say what is wrong.
    /// The table the counting check fills was about 3.6 % of a 230 000-fix `run`.
    static func inOrder(input: [Fix], output: StageOutput) -> Bool {
        let kept = output.kept
        guard output.dropped.count <= 64 + input.count / 8 else { return false }
        var leftOut: [Int] = []
        leftOut.reserveCapacity(output.dropped.count)
        var j = 0
        for f in input {
            if j < kept.count, kept[j].sourceIndex == f.sourceIndex {
                j += 1
            } else {
                guard leftOut.count < output.dropped.count else { return false }
                leftOut.append(f.sourceIndex)
            }
        }
        guard j == kept.count, leftOut.count == output.dropped.count else { return false }
        if leftOut.isEmpty { return true }
        var dropped = output.dropped.map(\.sourceIndex)
        leftOut.sort()
        dropped.sort()
        return leftOut == dropped
    }

    /// The check with a count per index in `low...high`, in an array; `false`, having checked nothing, when an
    /// input index lies outside that range.
    private static func checkIndices(input: [Fix], output: StageOutput, stage: String, low: Int, high: Int) throws -> Bool {
        var expected = [Int32](repeating: 0, count: high - low + 1)
        let inRange = expected.withUnsafeMutableBufferPointer { counts in
            for f in input {
                guard f.sourceIndex >= low, f.sourceIndex <= high else { return false }
                counts[f.sourceIndex - low] += 1
            }
            return true
        }
        guard inRange else { return false }
        try expected.withUnsafeMutableBufferPointer { counts in
            func take(_ i: Int) throws {
                guard i >= low, i <= high, counts[i - low] > 0 else {
                    throw PipelineError.accountingBroken(stage: stage, detail: "source index \(i) reported more often than it came in")
                }
                counts[i - low] -= 1
            }
            for f in output.kept { try take(f.sourceIndex) }
            for d in output.dropped { try take(d.sourceIndex) }
        }
        return true
    }

    /// The check for a stage that made fixes: input indices kept or dropped once each, made indices fresh,
    /// distinct and kept once each.
    static func checkMade(input: [Fix], output: StageOutput, stage: String) throws {
        func broken(_ detail: String) -> PipelineError { PipelineError.accountingBroken(stage: stage, detail: detail) }
        var expected = [Int: Int]()
        expected.reserveCapacity(input.count)
        for f in input { expected[f.sourceIndex, default: 0] += 1 }
        var made = Set<Int>()
        made.reserveCapacity(output.made.count)
        for m in output.made {
            guard expected[m.sourceIndex] == nil else { throw broken("made fix \(m.sourceIndex) reuses an input fix's source index") }
            guard made.insert(m.sourceIndex).inserted else { throw broken("made fix \(m.sourceIndex) listed twice") }
        }
        for f in output.kept {
            if made.remove(f.sourceIndex) != nil { continue }
            guard let n = expected[f.sourceIndex], n > 0 else { throw broken("source index \(f.sourceIndex) reported more often than it came in") }
            expected[f.sourceIndex] = n - 1
        }
        if let missing = made.min() { throw broken("made fix \(missing) is not among the kept fixes") }
        for d in output.dropped {
            guard let n = expected[d.sourceIndex], n > 0 else { throw broken("source index \(d.sourceIndex) reported more often than it came in") }
            expected[d.sourceIndex] = n - 1
        }
    }
}
