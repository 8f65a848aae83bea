import ArgumentParser
import Foundation
import TrackPipe
import TrackPipeIO

/// Reading tracks for the CLI: a path or `-` (standard input), an optional `--from` format.
enum TrackInput {
    /// The format a `--from`/`--to` value names, or a validation error listing the choices.
    static func format(named name: String?, option: String) throws -> TrackFormat? {
        guard let name else { return nil }
        guard let f = TrackFormat(name: name) else {
            throw ValidationError("unknown format '\(name)' for \(option); choose one of "
                                      + TrackFormat.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return f
    }

    /// Reads a track: `-` is standard input; `format`, else the format the extension (or content) says.
    static func read(_ path: String, format: TrackFormat?) throws -> Track {
        try activity(path, format: format).track
    }

    /// The track with what an activity file (FIT, TCX) adds: the device's distances and timer pauses.
    static func activity(_ path: String, format: TrackFormat?) throws -> RecordedActivity {
        if path == "-" {
            return try TrackReader.activity(bytes: try TrackReader.readStandardInput(), format: format, sourceName: "-")
        }
        return try TrackReader.activity(path: path, format: format)
    }

    /// A read or write error as this command prints it: the library's message (which names no flags) plus, when
    /// the format could not be told, how to name it here — a known extension, or `formatOption` (`--from`,
    /// `--to`) when the command has one.
    static func message(for error: any Error, formatOption: String? = nil) -> String {
        switch error {
        case let e as TrackReadError where e.formatUnknown:
            return e.description + " — name it with a known extension (.gpx, .tcx, .csv, .geojson, .nmea, .ndjson, .fit)"
                + (formatOption.map { " or \($0)" } ?? "")
        case let e as TrackWriteError where e.formatUnknown:
            return e.description + " — name it .gpx, .csv, .geojson, .tcx or .ndjson" + (formatOption.map { ", or give \($0)" } ?? "")
        default:
            return "\(error)"
        }
    }

    /// Tells the user, on standard error, which records the reader rejected (never silently).
    static func reportRejected(_ track: Track, file: String, limit: Int = 10) {
        guard !track.rejected.isEmpty else { return }
        var text = "trackpipe: \(file): \(track.rejected.count) record\(track.rejected.count == 1 ? "" : "s") could not be read and \(track.rejected.count == 1 ? "was" : "were") skipped:\n"
        for r in track.rejected.prefix(limit) {
            let place = r.line.map { "line \($0)" + (r.column.map { ", column \($0)" } ?? "") } ?? "record \(r.sourceIndex)"
            text += "  \(place): \(r.rule): \(r.reason)\n"
        }
        if track.rejected.count > limit { text += "  … and \(track.rejected.count - limit) more\n" }
        Console.err(text)
    }
}
