import Foundation
import TrackPipe
import TrackPipeIO
import TrackPipeLab

/// Finds and reads run files for `trackpipe badges`.
enum RunFiles {
    /// Whether a file in a directory is a run: its extension names a track format TrackPipe reads (NDJSON
    /// fix files included), and it is not a truth companion (`NAME.truth.csv` has positions too, but is the
    /// simulator's truth, not a run).
    static func isRun(_ name: String) -> Bool { TrackFormat(pathExtension: name) != nil && !DatasetTruth.isCompanion(name) }

    /// `paths` with each directory replaced by its run files (by name; not recursive). A named file is taken
    /// whatever its extension; a missing path is an error.
    static func expand(_ paths: [String]) throws -> [URL] {
        var files: [URL] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CLIError("\(path) does not exist")
            }
            let url = URL(fileURLWithPath: path)
            if isDirectory.boolValue {
                let names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
                files += names.filter(isRun)
                    .map { url.appendingPathComponent($0) }
            } else {
                files.append(url)
            }
        }
        return files
    }
}
