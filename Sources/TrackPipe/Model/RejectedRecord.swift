/// A record of the input that could not become a ``Fix`` (latitude out of range, unparseable time, …).
///
/// A single bad record in an otherwise good file is kept here rather than failing the read or vanishing:
/// the pipeline reports it as a drop by the `read` stage, so kept + dropped = read holds from the file on.
public struct RejectedRecord: Sendable, Hashable, Codable {
    /// The record's index in its source (0-based, same numbering as ``Fix/sourceIndex``).
    public var sourceIndex: Int
    /// 1-based line in the file, when known.
    public var line: Int?
    /// 1-based column in the line, when known.
    public var column: Int?
    /// Machine-readable rule, kebab-case: `latitude-out-of-range`, `unparseable-time`, `bad-checksum`, …
    public var rule: String
    /// What was found and what was expected, for a person.
    public var reason: String

    public init(sourceIndex: Int, line: Int? = nil, column: Int? = nil, rule: String, reason: String) {
        self.sourceIndex = sourceIndex
        self.line = line
        self.column = column
        self.rule = rule
        self.reason = reason
    }
}
