/// Why a file could not be read at all: which file, where in it (line and column, or record number) and
/// what was expected. Thrown only when no track can be produced; a single bad record in a good file becomes a
/// `RejectedRecord` instead.
public struct TrackReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file (or `-` for standard input) as the user named it.
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// 1-based column, when known.
    public var column: Int?
    /// 0-based record index (fix, row or sentence), when the problem is tied to one.
    public var record: Int?
    /// What was wrong and what was expected.
    public var message: String
    /// `true` when the format could not be told (no format given, no known extension, content not recognised):
    /// a caller that lets the user name the format (the CLI's `--from`) can say how.
    public var formatUnknown: Bool

    public init(file: String, line: Int? = nil, column: Int? = nil, record: Int? = nil, message: String,
                formatUnknown: Bool = false) {
        self.file = file
        self.line = line
        self.column = column
        self.record = record
        self.message = message
        self.formatUnknown = formatUnknown
    }

    /// `FILE:LINE:COLUMN: MESSAGE` (the compiler convention editors understand), or `FILE: record N: MESSAGE`.
    public var description: String {
        var where_ = file
        if let line {
            where_ += ":\(line)"
            if let column { where_ += ":\(column)" }
        }
        if let record { where_ += line == nil ? ": record \(record)" : " (record \(record))" }
        return "\(where_): \(message)"
    }
}
