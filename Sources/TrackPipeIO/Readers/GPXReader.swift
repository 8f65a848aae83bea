import CLibXML2
import Foundation
import TrackPipe

/// Reads GPX 1.0 and 1.1 with libxml2's SAX2 streaming parser (no DOM): 4.2 ms median, about 150 MB/s and
/// 57 allocations, for the 633 KB 2300-fix reference file (Benchmarks/GPXBenchmarks).
///
/// A document of 2 MiB or more is read on every core: cut before `<trkpt>` start tags into one part per core, each
/// part parsed at once by its own parser, the parts joined into exactly what one pass reads (the same fixes, record
/// indices, segments and rejected records with their lines and columns); where that cannot be proven — a document
/// type declaration, an encoding libxml2 converts, a cut that is not a real point directly in a `trkseg`, a
/// rejected point at a cut, any error — the document is read in one pass as before.
///
/// - Points: `trk/trkseg/trkpt` and `rte/rtept`; each `trkseg` and each `rte` that yields fixes is a new
///   `Fix.segment`. Waypoints (`wpt`) are not track points and are ignored; a file with waypoints and no track
///   or route point is an error, not an empty track.
/// - Per point: `ele`, `time` (any ISO 8601 form, see ``ISO8601Time``), `hdop`, `vdop`, `pdop`, `sat`, `fix`,
///   GPX 1.0 `speed`/`course`, and extension elements matched by local name under any namespace prefix:
///   Garmin TrackPointExtension v1/v2 (`hr`, `cad`, `atemp`, `speed`, `course`), iOS exporters' `hAcc`/`vAcc`,
///   `horizontal_accuracy`/`vertical_accuracy`, TrackPipe's own `trackpipe:` extension (see ``GPXWriter``),
///   and GPS Track Editor's `<gte:gps speed="km/h" azimuth="°"/>` (used only when no m/s speed is given).
/// - `hdop` is read as HDOP even when an app put its accuracy in metres there (OsmAnd does); the fix's
///   horizontal accuracy is then estimated from it (`Fix.estimateAccuracyFromHDOPIfMissing()`).
/// - A point with a missing, NaN or out-of-range coordinate, an unparseable time or an unparseable number in a
///   field it reads becomes a `RejectedRecord` with its line and column; the rest of the file reads on.
/// - Malformed XML, a root other than `<gpx>`, or an empty file throw ``TrackReadError`` with line and column.
/// - Safety: no network access (`XML_PARSE_NONET`), no external DTD or entity loading, no entity substitution.
public enum GPXReader {
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, sourceName: String) throws -> Track {
        guard !bytes.isEmpty else {
            throw TrackReadError(file: sourceName, message: "the file is empty; expected a GPX document")
        }
        let state: GPXParseState
        if let parts = GPXPartitionedRead.read(bytes, sourceName: sourceName) {
            state = parts
        } else {
            state = try readWhole(bytes, sourceName: sourceName)
        }
        if state.fixes.isEmpty, state.rejected.isEmpty, state.waypoints > 0 {
            throw TrackReadError(file: sourceName, message: "holds \(state.waypoints) waypoint\(state.waypoints == 1 ? "" : "s") (<wpt>) but no track or route points; TrackPipe reads <trkpt> and <rtept>")
        }
        return Track(
            name: state.trackName ?? state.documentName,
            activity: state.activityText.map(Activity.init(loose:)),
            fixes: state.fixes, sourceFormat: TrackFormat.gpx.rawValue, rejected: state.rejected)
    }

    /// One pass over the whole document; throws what it finds wrong.
    static func readWhole(_ bytes: UnsafeBufferPointer<UInt8>, sourceName: String) throws -> GPXParseState {
        let state = GPXParseState(sourceName: sourceName, documentSize: bytes.count)
        let wellFormed = try XMLSAXParser.parse(bytes, sourceName: sourceName, handler: GPXParseState.makeHandler(),
                                                state: state) { state.ctxt = $0 }
        state.ctxt = nil
        if let error = state.fatal { throw error }
        if !wellFormed {
            throw TrackReadError(file: sourceName, message: "the XML is not well-formed")
        }
        if !state.sawRoot {
            throw TrackReadError(file: sourceName, message: "no XML element found; expected a <gpx> document")
        }
        return state
    }
}
