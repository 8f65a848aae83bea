import ArgumentParser
import Foundation
import TrackPipe
import TrackPipeIO

/// Reading tracks for the CLI: a path or `-` (standard input), an optional `--from` format.
enum TrackInput {
    /// The format a `--from`/`--to` value names, or a validation error listing the choices.
    static func format(named name: String?, option: String) throws -> TrackFormat? {
        guard let name else { return nil }
        guard let f = TrackFormat(name: name) else {
            throw ValidationError("unknown format '\(name)' for \(option); choose one of "
                                      + TrackFormat.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return f
    }

    /// Whether `path` names an NDJSON fix file (`.ndjson`, `.jsonl`): the `trackpipe stream` input format.
    static func isNDJSON(_ path: String) -> Bool {
        ["ndjson", "jsonl"].contains((path as NSString).pathExtension.lowercased())
    }

    /// Reads a track: `-` is standard input; NDJSON fix files by extension; otherwise `format` or the format
    /// the extension (or content) says.
    static func read(_ path: String, format: TrackFormat?) throws -> Track {
        if format == nil, isNDJSON(path) { return try readNDJSON(path) }
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return try TrackReader.read(data: data, format: format, sourceName: "-")
        }
        return try TrackReader.read(path: path, format: format)
    }

    /// Reads NDJSON fix lines; lines that are not fixes are kept as rejected records with line and reason.
    static func readNDJSON(_ path: String) throws -> Track {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("\(path): \(FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist")")
        }
        let url = URL(fileURLWithPath: path)
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

    /// Tells the user, on standard error, which records the reader rejected (never silently).
    static func reportRejected(_ track: Track, file: String, limit: Int = 10) {
        guard !track.rejected.isEmpty else { return }
        var text = "trackpipe: \(file): \(track.rejected.count) record\(track.rejected.count == 1 ? "" : "s") could not be read and \(track.rejected.count == 1 ? "was" : "were") skipped:\n"
        for r in track.rejected.prefix(limit) {
            let place = r.line.map { "line \($0)" + (r.column.map { ", column \($0)" } ?? "") } ?? "record \(r.sourceIndex)"
            text += "  \(place): \(r.rule): \(r.reason)\n"
        }
        if track.rejected.count > limit { text += "  … and \(track.rejected.count - limit) more\n" }
        FileHandle.standardError.write(Data(text.utf8))
    }
}
