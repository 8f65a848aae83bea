/// One problem found in a pipeline spec, located by a JSON path (`$.stages[1].max-horizontal-accuracy`) or,
/// for text that is not JSON, by line and column.
public struct SpecProblem: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// Every problem found in a spec, reported together so a user fixes them in one pass.
public struct SpecProblems: Error, Sendable, Hashable, CustomStringConvertible {
    public var problems: [SpecProblem]
    /// The file the spec came from, when known, prefixed to each line of ``description``.
    public var source: String?

    public init(_ problems: [SpecProblem], source: String? = nil) {
        self.problems = problems
        self.source = source
    }

    public var description: String {
        problems.map { (source.map { "\($0): " } ?? "") + $0.description }.joined(separator: "\n")
    }
}
