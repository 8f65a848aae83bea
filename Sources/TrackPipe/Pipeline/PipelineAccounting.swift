/// The kept + dropped = read check, applied to every stage the runner and the harness run.
public enum PipelineAccounting {
    /// Throws ``PipelineError/accountingBroken(stage:detail:)`` unless every input fix is kept or dropped
    /// exactly once (by ``Fix/sourceIndex``).
    public static func check(input: [Fix], output: StageOutput, stage: String) throws {
        if output.kept.count + output.dropped.count != input.count {
            throw PipelineError.accountingBroken(stage: stage, detail: "\(input.count) fixes in, \(output.kept.count) kept + \(output.dropped.count) dropped")
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
