import Foundation
import TrackPipe
import TrackPipeIO

/// Finds and reads run files for `trackpipe badges`.
enum RunFiles {
    /// Whether a file in a directory is a run: NDJSON (`.ndjson`, `.jsonl`) or a track format TrackPipe reads.
    static func isRun(_ name: String) -> Bool {
        TrackInput.isNDJSON(name) || TrackFormat(pathExtension: name) != nil
    }

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

    /// Reads one run: NDJSON fix lines (the `trackpipe stream` input format) or any track format.
    static func read(_ url: URL) throws -> Track { try TrackInput.read(url.path, format: nil) }
}
