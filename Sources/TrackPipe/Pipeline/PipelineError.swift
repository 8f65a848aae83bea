/// Why a pipeline could not produce a result. (A dropped fix is never an error.)
public enum PipelineError: Error, Equatable, CustomStringConvertible {
    /// A stage threw.
    case stageFailed(stage: String, underlying: String)
    /// A stage's output did not account for every input fix exactly once — a bug in that stage.
    case accountingBroken(stage: String, detail: String)
    /// Live mode was asked of a pipeline with whole-track stages.
    case notCausal(stages: [String])

    public var description: String {
        switch self {
        case .stageFailed(let s, let u): return "stage '\(s)' failed: \(u)"
        case .accountingBroken(let s, let d): return "stage '\(s)' lost or duplicated fixes: \(d)"
        case .notCausal(let stages):
            return "cannot run live: " + stages.map { "'\($0)'" }.joined(separator: ", ")
                + (stages.count == 1 ? " needs" : " need") + " the whole track (run it offline with `trackpipe run`)"
        }
    }
}
