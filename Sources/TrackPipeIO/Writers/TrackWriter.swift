import TrackPipe

/// The entry point for writing tracks in GPX 1.1, CSV, GeoJSON, TCX or NDJSON.
public enum TrackWriter {
    /// The encoded track, recording `provenance` when given (see ``ProvenanceRecord``). `cumulativeDistance`
    /// (metres per fix by source index, a pipeline's `cumulative-distance` annotation) becomes TCX's per-trackpoint
    /// `DistanceMeters`; without it TCX measures the fixes as they are (see ``TCXWriter``). Throws for formats
    /// TrackPipe only reads (NMEA, GnssLogger, FIT), and for a track the format cannot hold (TCX: a fix without time).
    /// A `target` whose name ends in `.gz` gets the document gzip-compressed (`run.tcx.gz`, as Strava takes uploads).
    public static func encode(_ track: Track, format: TrackFormat, target: String = "-",
                              provenance: Provenance? = nil, cumulativeDistance: PerFixSeries? = nil) throws -> [UInt8] {
        let document = try encodeDocument(track, format: format, target: target, provenance: provenance,
                                          cumulativeDistance: cumulativeDistance)
        return Gzip.isGzipName(target) ? try Gzip.compress(document, target: target) : document
    }

    /// The same bytes as ``encode(_:format:target:provenance:cumulativeDistance:)``, handed to `sink` in order:
    /// GPX and CSV in blocks of about 256 KiB as they are written (a large track is never held whole as text), the
    /// other formats and gzip-compressed targets as one block.
    public static func encode(_ track: Track, format: TrackFormat, target: String = "-", provenance: Provenance? = nil,
                              cumulativeDistance: PerFixSeries? = nil, to sink: ([UInt8]) throws -> Void) throws {
        guard !Gzip.isGzipName(target) else {
            try sink(try encode(track, format: format, target: target, provenance: provenance, cumulativeDistance: cumulativeDistance))
            return
        }
        switch format {
        case .gpx: try GPXWriter.write(track, provenance: provenance, to: sink)
        case .csv: try CSVWriter.write(track, provenance: provenance, to: sink)
        default:
            try sink(try encodeDocument(track, format: format, target: target, provenance: provenance,
                                        cumulativeDistance: cumulativeDistance))
        }
    }

    static func encodeDocument(_ track: Track, format: TrackFormat, target: String, provenance: Provenance?,
                               cumulativeDistance: PerFixSeries?) throws -> [UInt8] {
        switch format {
        case .gpx: return GPXWriter.write(track, provenance: provenance)
        case .csv: return CSVWriter.write(track, provenance: provenance)
        case .geojson: return GeoJSONWriter.write(track, provenance: provenance)
        case .tcx: return try TCXWriter.write(track, cumulativeDistance: cumulativeDistance, target: target, provenance: provenance)
        case .ndjson:
            do { return try NDJSONWriter.write(track, provenance: provenance) } catch {
                throw TrackWriteError(file: target, message: "could not encode the fixes as NDJSON: \(error)")
            }
        case .nmea, .gnsslogger, .fit:
            throw TrackWriteError(file: target, message: "TrackPipe reads \(format.rawValue) but does not write it; write \(TrackFormat.writableNames)")
        }
    }

    /// `given`, else the format `path`'s extension names; a ``TrackWriteError`` (`formatUnknown`) when neither says.
    public static func format(_ given: TrackFormat?, for path: String) throws -> TrackFormat {
        guard let format = given ?? TrackFormat(pathExtension: path) else {
            throw TrackWriteError(file: path, message: "cannot tell the output format from the extension and none was given (TrackPipe writes \(TrackFormat.writableNames))",
                                  formatUnknown: true)
        }
        return format
    }

    /// Writes `track` to `path` atomically (see ``AtomicFileWriter``), in `format` or the one the extension
    /// names, refusing to replace any of `inputs` (and a write-protected file unless `force`), recording
    /// `provenance` when given; `sync: false` leaves the flush to the caller (``FileSystemSync``).
    public static func write(_ track: Track, to path: String, format: TrackFormat? = nil, protecting inputs: [String] = [],
                             provenance: Provenance? = nil, cumulativeDistance: PerFixSeries? = nil,
                             force: Bool = false, sync: Bool = true) throws {
        let format = try self.format(format, for: path)
        try AtomicFileWriter.write(to: path, protecting: inputs, force: force, sync: sync) { sink in
            try encode(track, format: format, target: path, provenance: provenance, cumulativeDistance: cumulativeDistance, to: sink)
        }
    }
}
