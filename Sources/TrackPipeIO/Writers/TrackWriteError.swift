/// Why a track could not be written: the target and what went wrong.
public struct TrackWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}
