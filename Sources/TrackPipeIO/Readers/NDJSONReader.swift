import Foundation
import TrackPipe

/// Reads NDJSON fix files (`.ndjson`, `.jsonl`): one JSON object per line in the `trackpipe stream` input
/// schema (``NDJSONFixCodec``). Blank lines are skipped; a line that is not a fix becomes a rejected record with
/// its line number and rule, never a silent loss. Lines whose `type` is not `fix` (TrackPipe's own provenance,
/// drop, change, event and summary lines) are skipped. A fix's `sourceIndex` is its 0-based number among the
/// other non-blank lines, as `stream` numbers them. LF or CRLF line ends. The track is named after the file.
/// A file in which no line is a JSON object (binary data, another format) is an error, not an empty track.
public enum NDJSONReader {
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, sourceName: String) throws -> Track {
        var track = Track(name: trackName(sourceName), sourceFormat: TrackFormat.ndjson.rawValue)
        let decoder = NDJSONFixDecoder()
        var index = 0
        var sawObject = false
        let text = String(decoding: bytes, as: UTF8.self)
        // `\.isNewline` also splits at "\r\n", which is a single Character.
        for (n, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if line.allSatisfy(\.isWhitespace) { continue }
            switch decoder.decode(line, index: index, line: n + 1) {
            case .success(nil):
                sawObject = true
                continue  // a provenance, drop, change, event or summary line
            case .success(let fix?):
                sawObject = true
                track.fixes.append(fix)
            case .failure(let e):
                sawObject = sawObject || e.isJSONObject
                track.rejected.append(RejectedRecord(sourceIndex: index, line: e.line, rule: e.rule, reason: e.message))
            }
            index += 1
        }
        guard sawObject else {
            throw TrackReadError(file: sourceName, message: "no line is a JSON object; expected NDJSON fixes such as {\"time\": \"2024-05-01T07:30:00Z\", \"lat\": 51.5, \"lon\": -0.12}")
        }
        return track
    }

    /// The file's name without its extension (`nil` for standard input).
    static func trackName(_ sourceName: String) -> String? {
        sourceName == "-" ? nil : URL(fileURLWithPath: sourceName).deletingPathExtension().lastPathComponent
    }
}
