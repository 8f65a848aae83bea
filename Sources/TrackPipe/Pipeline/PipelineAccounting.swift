/// The kept + dropped = read check, applied to every stage the runner and the harness run.
public enum PipelineAccounting {
    /// Throws ``PipelineError/accountingBroken(stage:detail:)`` unless every input fix is kept or dropped
    /// exactly once (by ``Fix/sourceIndex``).
    public static func check(input: [Fix], output: StageOutput, stage: String) throws {
        if output.kept.count + output.dropped.count != input.count {
            throw PipelineError.accountingBroken(stage: stage, detail: "\(input.count) fixes in, \(output.kept.count) kept + \(output.dropped.count) dropped")
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
}
