import Foundation
import TrackPipe
import TrackPipeIO

/// Finds and reads run files for `trackpipe badges`.
enum RunFiles {
    /// File extensions read from a directory (case-insensitive).
    static let extensions: Set<String> = ["ndjson", "jsonl"]

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
                files += names.filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
                    .map { url.appendingPathComponent($0) }
            } else {
                files.append(url)
            }
        }
        return files
    }

    /// Reads one run. NDJSON fix lines (the `trackpipe stream` input format); lines that are not fixes are kept
    /// as rejected records.
    static func read(_ url: URL) throws -> Track {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw CLIError("cannot be read") }
        var track = Track(name: url.deletingPathExtension().lastPathComponent, sourceFormat: "ndjson")
        var index = 0
        for (n, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.allSatisfy(\.isWhitespace) { continue }
            switch NDJSONFixCodec.decodeFix(line, index: index, line: n + 1) {
            case .success(let fix): track.fixes.append(fix)
            case .failure(let e): track.rejected.append(RejectedRecord(sourceIndex: index, line: e.line, rule: e.rule, reason: e.message))
            }
            index += 1
        }
        return track
    }
}
