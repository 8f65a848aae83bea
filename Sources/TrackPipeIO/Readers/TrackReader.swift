import Foundation
import TrackPipe

/// The entry point for reading tracks: picks the reader for a format, or detects the format.
public enum TrackReader {
    /// Reads `bytes` as `format` (detected from the content with ``TrackFormat/sniff(_:)`` when `nil`).
    /// `sourceName` names the input in errors and rejected records (a path, or `-` for stdin).
    /// gzip-compressed input (magic 1f 8b) is decompressed first, for every format. Empty input is an error in
    /// every format, NDJSON included: input that says nothing is not taken for an empty track.
    public static func read(bytes: [UInt8], format: TrackFormat? = nil, sourceName: String) throws -> Track {
        try activity(bytes: bytes, format: format, sourceName: sourceName).track
    }

    /// Reads `bytes` as ``read(bytes:format:sourceName:)`` does, keeping what an activity file (FIT, TCX) holds
    /// beyond the fixes: the device's distances and timer pauses. Other formats give just the track.
    public static func activity(bytes: [UInt8], format: TrackFormat? = nil, sourceName: String) throws -> RecordedActivity {
        guard !bytes.isEmpty else {
            throw TrackReadError(file: sourceName, message: "the file is empty")
        }
        if Gzip.isGzip(bytes) {
            let inflated = try Gzip.decompress(bytes, sourceName: sourceName)
            guard !Gzip.isGzip(inflated) else {
                throw TrackReadError(file: sourceName, message: "gzip inside gzip; decompress it once first")
            }
            return try activity(bytes: inflated, format: format, sourceName: sourceName)
        }
        guard let format = format ?? TrackFormat.sniff(bytes) else {
            throw TrackReadError(file: sourceName, message:
                "cannot tell the format from the content (binary or unrecognised); expected GPX, TCX, CSV, GeoJSON, NMEA, GnssLogger or NDJSON text, or a FIT file",
                formatUnknown: true)
        }
        return try bytes.withUnsafeBufferPointer { buffer in
            switch format {
            case .gpx: return RecordedActivity(track: try GPXReader.read(buffer, sourceName: sourceName))
            case .csv: return RecordedActivity(track: try CSVReader.read(buffer, sourceName: sourceName))
            case .geojson: return RecordedActivity(track: try GeoJSONReader.read(buffer, sourceName: sourceName))
            case .nmea: return RecordedActivity(track: try NMEAReader.read(buffer, sourceName: sourceName))
            case .gnsslogger: return RecordedActivity(track: try GnssLoggerReader.read(buffer, sourceName: sourceName))
            case .ndjson: return RecordedActivity(track: try NDJSONReader.read(buffer, sourceName: sourceName))
            case .fit: return try FITReader.activity(buffer, sourceName: sourceName)
            case .tcx: return try TCXReader.activity(buffer, sourceName: sourceName)
            }
        }
    }

    /// Reads `data`; see ``read(bytes:format:sourceName:)``.
    public static func read(data: Data, format: TrackFormat? = nil, sourceName: String) throws -> Track {
        try read(bytes: [UInt8](data), format: format, sourceName: sourceName)
    }

    /// Reads the file at `path`, taking the format from `format`, else the extension (the one before `.gz` for a
    /// compressed file), else the content.
    public static func read(path: String, format: TrackFormat? = nil) throws -> Track {
        try activity(path: path, format: format).track
    }

    /// Reads the file at `path` as ``read(path:format:)`` does, keeping an activity file's device figures.
    public static func activity(path: String, format: TrackFormat? = nil) throws -> RecordedActivity {
        let bytes = try readFile(path)
        return try activity(bytes: bytes, format: format ?? TrackFormat(pathExtension: path), sourceName: path)
    }

    /// The bytes of the file at `path`, or a ``TrackReadError`` saying why not (missing, a directory, unreadable,
    /// larger than 4 GiB). A FIFO or device is read to its end, within the same bound.
    public static func readFile(_ path: String) throws -> [UInt8] {
        try FileDescriptorInput.readFile(path)
    }

    /// Every byte of standard input, or a ``TrackReadError`` for `-` when it is closed, a directory, or unreadable.
    public static func readStandardInput() throws -> [UInt8] {
        try FileDescriptorInput.readAll(STDIN_FILENO, name: "standard input")
    }

}
