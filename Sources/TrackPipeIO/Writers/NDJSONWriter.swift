import TrackPipe

/// Writes a track as NDJSON fix lines, the format `trackpipe stream` reads (see ``NDJSONFixCodec``): with a
/// provenance, first a `{"type": "provenance", …}` line (``NDJSONFixCodec/ProvenanceLine``), then one
/// `{"type": "fix", …}` line per fix (``NDJSONLines/appendFix(_:figures:to:)``, as `stream` writes them) in track
/// order with every field the fix has (SI units, times as ISO 8601), `segment` and `paused`; a track of 16 384
/// fixes or more is formatted on every core, to the same bytes. ``NDJSONReader`` reads it back to the same fixes
/// (renumbered by line) and skips the provenance line. Non-finite numbers are written as the strings `"inf"`,
/// `"-inf"` and `"nan"`, which the reader rejects: a fix never silently changes value.
public enum NDJSONWriter {
    public static func write(_ track: Track, provenance: Provenance? = nil) throws -> [UInt8] {
        let encoder = NDJSONFixCodec.makeEncoder()
        var out: [UInt8] = []
        out.reserveCapacity(track.fixes.count * 200 + 256)
        if let provenance {
            out += try encoder.encode(NDJSONFixCodec.ProvenanceLine(provenance))
            out.append(UInt8(ascii: "\n"))
        }
        let fixes = track.fixes
        if OutputBlock.formatsOnEveryCore(fixes.count) {  // a long track's lines on every core, as GPX and CSV
            OutputBlock.inRanges(count: fixes.count, rangeSize: OutputBlock.parallelRange, to: { out += $0 }) { range, text in
                for i in range { NDJSONLines.appendFix(fixes[i], to: &text) }
            }
        } else {
            for fix in fixes { NDJSONLines.appendFix(fix, to: &out) }
        }
        return out
    }
}
