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
        // Source indices normally span about as many values as there are fixes (readers number records from 0),
        // so a count per value in an array does the check in two linear passes; a dictionary (the fallback for
        // scattered indices) cost more than most stages' own work.
        guard !input.isEmpty else { return }
        var low = Int.max, high = Int.min
        for f in input {
            low = min(low, f.sourceIndex)
            high = max(high, f.sourceIndex)
        }
        let (span, overflow) = high.subtractingReportingOverflow(low)
        if !overflow, span < 4 * input.count + 64 {
            var expected = [Int32](repeating: 0, count: span + 1)
            expected.withUnsafeMutableBufferPointer { counts in
                for f in input { counts[f.sourceIndex - low] += 1 }
            }
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
