/// Why the run store could not be used: the store's path and what SQLite said, as one sentence.
public struct RunStoreError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var message: String
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    public var description: String { "\(path): \(message)" }
}
