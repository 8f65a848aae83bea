import ArgumentParser
import TrackPipeIO

/// The format a command writes one track in: `--to`, else the output's extension. Shared by `convert` and `merge`.
enum TrackOutputFormat {
    /// Checks `--to` and, without it, that `output` names a writable format (before anything runs).
    static func validate(to: String?, output: String) throws {
        if let f = try TrackInput.format(named: to, option: "--to"), !f.isWritable {
            throw ValidationError("--to \(f.rawValue): TrackPipe reads \(f.rawValue) but writes only \(TrackFormat.writableNames)")
        }
        if to == nil {
            if output == "-" { throw ValidationError("writing to standard output needs --to gpx|csv|geojson|tcx|ndjson") }
            guard let f = TrackFormat(pathExtension: output), f.isWritable else {
                throw ValidationError("cannot tell the output format from '\(output)'; use a .gpx, .csv, .geojson, .tcx or .ndjson name, or --to")
            }
        }
    }

    /// The format to write (after ``validate(to:output:)``).
    static func resolve(to: String?, output: String) throws -> TrackFormat {
        guard let format = try TrackInput.format(named: to, option: "--to") ?? TrackFormat(pathExtension: output) else {
            throw CLIError("\(output): cannot tell the output format; use --to")
        }
        return format
    }
}
