import TrackPipe

/// The entry point for writing tracks in GPX 1.1, CSV or GeoJSON.
public enum TrackWriter {
    /// The encoded track. Throws for formats TrackPipe only reads (NMEA, GnssLogger).
    public static func encode(_ track: Track, format: TrackFormat, target: String = "-") throws -> [UInt8] {
        switch format {
        case .gpx: return GPXWriter.write(track)
        case .csv: return CSVWriter.write(track)
        case .geojson: return GeoJSONWriter.write(track)
        case .nmea, .gnsslogger:
            throw TrackWriteError(file: target, message: "TrackPipe reads \(format.rawValue) but does not write it; write gpx, csv or geojson")
        }
    }

    /// Writes `track` to `path` atomically (see ``AtomicFileWriter``), in `format` or the one the extension
    /// names, refusing to replace any of `inputs`.
    public static func write(_ track: Track, to path: String, format: TrackFormat? = nil, protecting inputs: [String] = []) throws {
        guard let format = format ?? TrackFormat(pathExtension: path) else {
            throw TrackWriteError(file: path, message: "cannot tell the output format from the extension; use .gpx, .csv or .geojson, or --to")
        }
        try AtomicFileWriter.write(try encode(track, format: format, target: path), to: path, protecting: inputs)
    }
}
