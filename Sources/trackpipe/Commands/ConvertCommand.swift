import ArgumentParser
import Foundation
import TrackPipe
import TrackPipeIO

/// `trackpipe convert IN -o OUT`: reads any supported format, writes GPX 1.1, CSV, GeoJSON, TCX or NDJSON.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a track between formats (reads GPX, TCX, CSV, GeoJSON, NMEA, GnssLogger, NDJSON, FIT, also gzipped; writes GPX, CSV, GeoJSON, TCX, NDJSON, also gzipped).",
        discussion: """
            Formats come from the file extensions (.gpx, .tcx, .csv, .geojson/.json, .nmea, .ndjson, .fit; .gz after any); --from and --to override \
            them. An output named .gz is gzip-compressed. A TCX output carries each trackpoint's cumulative distance \
            (measured over the fixes as read), and needs a time on every fix. Use - for standard input or output (the input format is then detected from the content; the \
            output format must be given with --to). The output is written to a temporary file and renamed into \
            place, so an interrupted run never leaves a half-written file (a device or FIFO is written through), and it is never written over the input or over a write-protected file without --force. \
            Records that cannot be read are listed on standard error and left out.
            """
    )

    @Argument(help: "Input track file, or - for standard input.")
    var input: String

    @Option(name: .shortAndLong, help: "Output file, or - for standard output.")
    var output: String

    @Option(help: "Input format: gpx, csv, geojson, nmea, gnsslogger, ndjson, fit or tcx (default: from the extension, else the content).")
    var from: String?

    @Option(help: "Output format: gpx, csv, geojson, tcx or ndjson (default: from the output extension).")
    var to: String?

    @OptionGroup var forceOption: ForceOption

    func validate() throws {
        _ = try TrackInput.format(named: from, option: "--from")
        try TrackOutputFormat.validate(to: to, output: output)
    }

    func run() throws {
        let inFormat = try TrackInput.format(named: from, option: "--from")
        let outFormat = try TrackOutputFormat.resolve(to: to, output: output)
        let outputs = OutputSet(inputs: [input], force: forceOption.force)
        let target = try outputs.plan(output, role: "the converted track")
        do {
            let track = try TrackInput.read(input, format: inFormat)
            TrackInput.reportRejected(track, file: input)
            try outputs.stage(try TrackWriter.encode(track, format: outFormat, target: output), for: target)
            try outputs.commit()
        } catch let error as TrackReadError {
            throw CLIError(TrackInput.message(for: error, formatOption: "--from"))
        } catch let error as TrackWriteError {
            throw CLIError(TrackInput.message(for: error, formatOption: "--to"))
        }
    }
}
