import ArgumentParser
import Foundation
import TrackPipe
import TrackPipeIO

/// `trackpipe info IN…`: what is in a track file, before any cleaning.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Summarise track files: fixes, segments, time span, raw distance, bounding box, sampling, fields, invalid values.",
        discussion: """
            Nothing is filtered: the distance is the raw sum between consecutive fixes of each segment, and \
            "invalid values" counts fixes the source itself marked (negative accuracy, no GPS altitude, fix \
            quality none). Files that cannot be read are reported on standard error and the exit status is 1; \
            the others are still summarised.
            """
    )

    @Argument(help: "Track files (gpx, tcx, fit, csv, geojson, nmea, gnsslogger, ndjson; any of them gzipped), or - for standard input.")
    var inputs: [String]

    @Option(help: "Input format for every file (default: from each extension, else the content).")
    var from: String?

    @Flag(help: "Print a JSON array with one object per readable file (SI units: metres, seconds).")
    var json = false

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give at least one track file") }
        _ = try TrackInput.format(named: from, option: "--from")
    }

    func run() throws {
        let format = try TrackInput.format(named: from, option: "--from")
        var summaries: [TrackSummary] = []
        var failed = false
        for path in inputs {
            do {
                let recorded = try TrackInput.activity(path, format: format)
                summaries.append(TrackSummary(recorded: recorded, file: path))
                if !json { Console.out(summaries[summaries.count - 1].text) }
            } catch let error as TrackReadError {
                failed = true
                Console.err("trackpipe: error: \(TrackInput.message(for: error, formatOption: "--from"))\n")
            }
        }
        if json { try StandardOutput.write(try CLIJSON.string(summaries) + "\n") }
        if failed { throw ExitCode(1) }
    }
}
