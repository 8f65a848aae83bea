import TrackPipe
import TrackPipeIO

/// A truth file that cannot be read or does not line up with its track: names the truth file (with line when
/// known) and, for a mismatch, the track file too.
public struct TruthFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The truth file (truth CSV, route GPX or distance text).
    public var file: String
    /// 1-based line in ``file``, when known.
    public var line: Int?
    /// The track the truth belongs to, for a mismatch.
    public var track: String?
    public var message: String

    public init(file: String, line: Int? = nil, track: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.track = track
        self.message = message
    }

    public var description: String {
        let place = file + (line.map { ":\($0)" } ?? "")
        if let track { return "\(place): does not line up with \(track): \(message)" }
        return "\(place): \(message)"
    }
}
