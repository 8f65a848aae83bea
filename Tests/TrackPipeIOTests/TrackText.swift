import TrackPipe
import TrackPipeIO

/// Reading tracks from literal text in tests.
enum TrackText {
    /// `text` read as `format`, named `name` in errors.
    static func read(_ text: String, _ format: TrackFormat?, name: String = "test-input") throws -> Track {
        try TrackReader.read(bytes: Array(text.utf8), format: format, sourceName: name)
    }

    /// The error reading `text` throws, or `nil` when it reads.
    static func error(_ text: String, _ format: TrackFormat?, name: String = "test-input") -> TrackReadError? {
        do {
            _ = try read(text, format, name: name)
            return nil
        } catch let e as TrackReadError {
            return e
        } catch {
            return TrackReadError(file: name, message: "unexpected error type: \(error)")
        }
    }
}
