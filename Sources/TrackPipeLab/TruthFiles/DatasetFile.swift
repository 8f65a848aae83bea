import TrackPipe
import TrackPipeIO

/// One track to score, from ``DatasetFiles/expand(_:)``.
public struct DatasetFile: Sendable, Hashable {
    /// The track file's path.
    public var track: String
    /// Highest folder searched for `planned-route.gpx` (see ``DatasetTruth/companions(of:root:)``).
    public var root: String?
    /// The name tables show: the path as given for a file; `FOLDER/relative/path` for a file found in a folder.
    public var name: String

    public init(track: String, root: String?, name: String) {
        self.track = track
        self.root = root
        self.name = name
    }
}
