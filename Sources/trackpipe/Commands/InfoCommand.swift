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

    @Argument(help: "Track files (gpx, tcx, fit, csv, geojson, nmea, gnsslogger, ndjson; any of them gzipped), folders of them (searched recursively; truth files skipped), or - for standard input.")
    var inputs: [String] = []

    @Option(help: "Read more input paths from this file, one per line ('-' for standard input).")
    var filesFrom: String?

    @Option(help: "Input format for every file (default: from each extension, else the content).")
    var from: String?

    @Flag(help: "Print a JSON array with one object per readable file (SI units: metres, seconds).")
    var json = false

    func validate() throws {
        if inputs.isEmpty && filesFrom == nil { throw ValidationError("give at least one track file, a folder or --files-from") }
        if filesFrom == "-", inputs.contains("-") { throw ValidationError("stdin ('-') can be read only once") }
        _ = try TrackInput.format(named: from, option: "--from")
    }

    func run() throws {
        let format = try TrackInput.format(named: from, option: "--from")
        var summaries: [TrackSummary] = []
        var failed = false
        let paths: [String]
        do { paths = try BatchInputs(arguments: inputs, filesFrom: filesFrom).inputs.map(\.path) } catch let error as TrackReadError {
            throw CLIError(TrackInput.message(for: error))
        }
        for path in paths {
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
