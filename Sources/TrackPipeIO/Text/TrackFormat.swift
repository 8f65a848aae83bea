import Foundation

/// A file format TrackPipe reads (and, for ``isWritable`` ones — GPX, CSV, GeoJSON, TCX, NDJSON — writes).
public enum TrackFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// GPX 1.0 and 1.1 (read), GPX 1.1 (write).
    case gpx
    /// Comma-, semicolon- or tab-separated values with a header row.
    case csv
    /// GeoJSON (RFC 7946).
    case geojson
    /// NMEA 0183 sentences (GGA, RMC, GSA).
    case nmea
    /// Android GnssLogger text logs (`Fix,` lines).
    case gnsslogger
    /// NDJSON fix lines, the `trackpipe stream` input schema (`.ndjson`, `.jsonl`).
    case ndjson
    /// Garmin's FIT activity files (binary; `.fit`).
    case fit
    /// Garmin Training Center XML v2 (`.tcx`).
    case tcx

    /// Formats ``TrackWriter`` can produce.
    public var isWritable: Bool {
        switch self {
        case .gpx, .csv, .geojson, .tcx, .ndjson: return true
        case .nmea, .gnsslogger, .fit: return false
        }
    }

    /// The writable formats' names for messages: `gpx, csv, geojson, tcx or ndjson`.
    public static var writableNames: String {
        let names = allCases.filter(\.isWritable).map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    /// The conventional file extension for output.
    public var fileExtension: String {
        switch self {
        case .gpx: return "gpx"
        case .csv: return "csv"
        case .geojson: return "geojson"
        case .nmea: return "nmea"
        case .gnsslogger: return "txt"
        case .ndjson: return "ndjson"
        case .fit: return "fit"
        case .tcx: return "tcx"
        }
    }

    /// The file extensions ``init(pathExtension:)`` recognises (lower case, without the dot), each with its format;
    /// any of them may be followed by `.gz`.
    public static let recognizedExtensions: [(pathExtension: String, format: TrackFormat)] = [
        ("gpx", .gpx), ("tcx", .tcx), ("fit", .fit), ("csv", .csv), ("tsv", .csv), ("geojson", .geojson), ("json", .geojson),
        ("nmea", .nmea), ("nma", .nmea), ("ndjson", .ndjson), ("jsonl", .ndjson),
    ]

    /// ``recognizedExtensions`` for messages: `.gpx, .tcx, … or .jsonl, any of them gzipped`.
    public static var recognizedExtensionNames: String {
        let names = recognizedExtensions.map { "." + $0.pathExtension }
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "") + ", any of them gzipped"
    }

    /// The format named by `path`'s extension (case-insensitive, one of ``recognizedExtensions``), or `nil` when
    /// the extension says nothing. `.txt` and `.log` are not mapped (they could be anything); ``sniff(_:)`` decides
    /// those. A compressed file names its format before `.gz` (`ride.gpx.gz` is GPX).
    public init?(pathExtension path: String) {
        var ext = (path as NSString).pathExtension.lowercased()
        if ext == "gz" { ext = ((path as NSString).deletingPathExtension as NSString).pathExtension.lowercased() }
        guard let known = Self.recognizedExtensions.first(where: { $0.pathExtension == ext }) else { return nil }
        self = known.format
    }

    /// A format name as a user types it (`gpx`, `csv`, `geojson`/`json`, `nmea`, `gnsslogger`, `ndjson`, `fit`, `tcx`), or `nil`.
    public init?(name: String) {
        switch name.lowercased() {
        case "json": self = .geojson
        default:
            guard let f = TrackFormat(rawValue: name.lowercased()) else { return nil }
            self = f
        }
    }

    /// Guesses the format from the first bytes of the content (used for stdin and unknown extensions):
    /// XML with a `<gpx` element → gpx; two or more lines that are each a whole `{…}` object → ndjson; other
    /// `{` or `[` → geojson; a line starting `$` with an NMEA talker → nmea;
    /// a `Fix,` line or a GnssLogger `# Header` → gnsslogger; otherwise a line with a separator → csv.
    /// Returns `nil` for empty or binary content.
    public static func sniff(_ bytes: [UInt8]) -> TrackFormat? {
        let head = bytes.prefix(4096)
        guard !head.isEmpty else { return nil }
        // FIT: a header of 12 or more bytes whose bytes 8…11 are ".FIT".
        if head.count >= 12, head[head.startIndex] >= 12, Array(head[(head.startIndex + 8)..<(head.startIndex + 12)]) == Array(".FIT".utf8) {
            return .fit
        }
        // Binary: NUL or most bytes outside printable ASCII/UTF-8.
        if head.contains(0) { return nil }
        let text = String(decoding: head, as: UTF8.self)
        let trimmed = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        if trimmed.hasPrefix("<") {
            if text.contains("<gpx") || text.contains(":gpx") { return .gpx }
            return text.contains("TrainingCenterDatabase") ? .tcx : nil
        }
        let lines = text.split(whereSeparator: \.isNewline)  // "\r\n" is one Character: match it too
        if trimmed.hasPrefix("{") {
            let objects = lines.prefix(3).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            // A prefix of a larger file may cut its last line: judge the complete lines before it.
            let judged = objects.count > 2 ? Array(objects.prefix(2)) : objects
            if judged.count == 2, judged.allSatisfy({ $0.hasPrefix("{") && $0.hasSuffix("}") }) { return .ndjson }
        }
        if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") { return .geojson }
        if lines.contains(where: { $0.hasPrefix("Fix,") }) || text.contains("GnssLogger") { return .gnsslogger }
        if lines.contains(where: { $0.hasPrefix("$G") || $0.hasPrefix("!") && $0.contains("$G") }) { return .nmea }
        if let first = lines.first, first.contains(",") || first.contains(";") || first.contains("\t") { return .csv }
        return nil
    }
}
