import TrackPipe

/// The entry point for writing tracks in GPX 1.1, CSV or GeoJSON.
public enum TrackWriter {
    /// The encoded track, recording `provenance` when given (see ``ProvenanceRecord``). Throws for formats
    /// TrackPipe only reads (NMEA, GnssLogger, NDJSON, FIT, TCX).
    public static func encode(_ track: Track, format: TrackFormat, target: String = "-",
                              provenance: Provenance? = nil) throws -> [UInt8] {
        switch format {
        case .gpx: return GPXWriter.write(track, provenance: provenance)
        case .csv: return CSVWriter.write(track, provenance: provenance)
        case .geojson: return GeoJSONWriter.write(track, provenance: provenance)
        case .nmea, .gnsslogger, .ndjson, .fit, .tcx:
            throw TrackWriteError(file: target, message: "TrackPipe reads \(format.rawValue) but does not write it; write gpx, csv or geojson")
        }
    }

    /// Writes `track` to `path` atomically (see ``AtomicFileWriter``), in `format` or the one the extension
    /// names, refusing to replace any of `inputs`, recording `provenance` when given.
    public static func write(_ track: Track, to path: String, format: TrackFormat? = nil, protecting inputs: [String] = [],
                             provenance: Provenance? = nil) throws {
        guard let format = format ?? TrackFormat(pathExtension: path) else {
            throw TrackWriteError(file: path, message: "cannot tell the output format from the extension and none was given (TrackPipe writes gpx, csv and geojson)",
                                  formatUnknown: true)
        }
        try AtomicFileWriter.write(try encode(track, format: format, target: path, provenance: provenance), to: path,
                                  protecting: inputs)
    }
}
