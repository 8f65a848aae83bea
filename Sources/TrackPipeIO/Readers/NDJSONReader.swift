import Foundation
import TrackPipe

/// Reads NDJSON fix files (`.ndjson`, `.jsonl`): one JSON object per line in the `trackpipe stream` input
/// schema (``NDJSONFixCodec``). Blank lines are skipped; a line that is not a fix becomes a rejected record with
/// its line number and rule, never a silent loss. Lines whose `type` is not `fix` (TrackPipe's own provenance,
/// drop, change, event and summary lines) are skipped. A fix's `sourceIndex` is its 0-based number among the
/// other non-blank lines, as `stream` numbers them. LF or CRLF line ends (and the other breaks `Character.isNewline`
/// knows). The track is named after the file.
/// A file in which no line is a JSON object (binary data, another format) is an error, not an empty track.
public enum NDJSONReader {
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, sourceName: String) throws -> Track {
        var track = Track(name: trackName(sourceName), sourceFormat: TrackFormat.ndjson.rawValue)
        let decoder = NDJSONFixDecoder()
        var index = 0
        var sawObject = false
        var n = 0
        forEachLine(bytes) { line in
            n += 1
            if NDJSONFixDecoder.isBlank(line) { return }
            switch decoder.decode(line, index: index, line: n) {
            case .success(nil):
                sawObject = true
                return  // a provenance, drop, change, event or summary line
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

    /// Calls `body` with each line of `bytes`, split where Swift's `Character.isNewline` splits the text: LF, VT,
    /// FF, CR, CR LF (one break), NEL (U+0085), U+2028 and U+2029 — found in the bytes, without making a string of
    /// the file (splitting its `String` took three fifths of reading an NDJSON file). Bytes that are not UTF-8 never
    /// hide a break: a break's bytes cannot continue another character.
    static func forEachLine(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 0, i = 0
        let count = bytes.count
        while i < count {
            let b = bytes[i]
            var breakLength = 0
            switch b {
            case 0x0A, 0x0B, 0x0C: breakLength = 1
            case 0x0D: breakLength = i + 1 < count && bytes[i + 1] == 0x0A ? 2 : 1
            case 0xC2 where i + 1 < count && bytes[i + 1] == 0x85: breakLength = 2
            case 0xE2 where i + 2 < count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9): breakLength = 3
            default: break
            }
            if breakLength > 0 {
                body(UnsafeBufferPointer(rebasing: bytes[start..<i]))
                i += breakLength
                start = i
            } else {
                i += 1
            }
        }
        body(UnsafeBufferPointer(rebasing: bytes[start..<count]))
    }

    /// The file's name without its extension (`nil` for standard input).
    static func trackName(_ sourceName: String) -> String? {
        sourceName == "-" ? nil : URL(fileURLWithPath: sourceName).deletingPathExtension().lastPathComponent
    }
}
