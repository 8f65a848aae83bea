import TrackPipe

/// How a written track records the run that produced it: every output records the spec it came from (its name
/// and content hash) and the TrackPipe version.
///
/// - GPX: in `<metadata>`, a `<desc>` with ``sentence(_:)`` for people, and
///   `<extensions><trackpipe:provenance pipeline="…" sha256="…" version="…"/></extensions>` for programs
///   (namespace ``GPXWriter/trackPipeNamespace``).
/// - GeoJSON: a foreign member (RFC 7946 §6.1) of the FeatureCollection,
///   `"provenance": {"pipelineName": …, "pipelineHash": …, "trackpipeVersion": …}` — the same object
///   `trackpipe run --drops` writes.
/// - CSV: a first line `# ` + ``sentence(_:)``; ``CSVReader`` skips `#` lines before the header.
public enum ProvenanceRecord {
    /// `TrackPipe 0.1.0, pipeline "default", spec sha256 <64 hex digits>` — one line: the pipeline name is
    /// quoted as a JSON string, so a newline or quote in it cannot break the line.
    public static func sentence(_ p: Provenance) -> String {
        "TrackPipe \(oneLine(p.trackpipeVersion)), pipeline \(JSONQuoting.quote(p.pipelineName)), spec sha256 \(oneLine(p.pipelineHash))"
    }

    /// The JSON form of a provenance, used by every JSON output (GeoJSON tracks, drops, run reports):
    /// `{"pipelineHash": …, "pipelineName": …, "trackpipeVersion": …}`.
    public struct Encoded: Encodable, Sendable, Hashable {
        public var pipelineName: String
        public var pipelineHash: String
        public var trackpipeVersion: String

        public init(_ p: Provenance) {
            pipelineName = p.pipelineName
            pipelineHash = p.pipelineHash
            trackpipeVersion = p.trackpipeVersion
        }
    }

    /// The GeoJSON member's value: ``Encoded`` (keys sorted). Encoding three strings cannot fail; `null`
    /// stands in if it ever did.
    static func json(_ p: Provenance) -> String {
        (try? NDJSONFixCodec.line(Encoded(p))) ?? "null"
    }

    /// The GPX `<metadata>` element, indented for the document's top level.
    static func gpxMetadata(_ p: Provenance) -> String {
        "  <metadata>\n    <desc>\(XMLText.escape(sentence(p)))</desc>\n    <extensions><trackpipe:provenance"
            + " pipeline=\"\(XMLText.escape(p.pipelineName, attribute: true))\" sha256=\"\(XMLText.escape(p.pipelineHash, attribute: true))\""
            + " version=\"\(XMLText.escape(p.trackpipeVersion, attribute: true))\"/></extensions>\n  </metadata>\n"
    }

    static func oneLine(_ s: String) -> String {
        String(s.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
    }
}
