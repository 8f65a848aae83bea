/// Why a track could not be written: the target and what went wrong.
public struct TrackWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var message: String
    /// `true` when no format was given and the target's extension names none: a caller that lets the user
    /// name the format (the CLI's `--to`) can say how.
    public var formatUnknown: Bool

    public init(file: String, message: String, formatUnknown: Bool = false) {
        self.file = file
        self.message = message
        self.formatUnknown = formatUnknown
    }

    public var description: String { "\(file): \(message)" }
}
