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

            Several inputs, folders (every track file under them, recursively) or --files-from LIST make a batch: \
            -o names a folder (made when missing) that mirrors the inputs' paths, --to gives the format, and a file \
            that cannot be read or written is reported while the others go on (exit status 2 when some failed, 1 \
            when all did).
            """
    )

    @Argument(help: "Input track file, or - for standard input; several files or folders for a batch.")
    var inputs: [String] = []

    @Option(help: "A file listing inputs, one path per line (- for standard input); makes a batch.")
    var filesFrom: String?

    @Option(name: .shortAndLong, help: "Output file, or - for standard output; a folder for a batch.")
    var output: String

    @Option(help: "Input format: gpx, csv, geojson, nmea, gnsslogger, ndjson, fit or tcx (default: from the extension, else the content).")
    var from: String?

    @Option(help: "Output format: gpx, csv, geojson, tcx or ndjson (default: from the output extension).")
    var to: String?

    @OptionGroup var forceOption: ForceOption

    /// True for a batch: several inputs, a folder, or a list.
    var isBatch: Bool { inputs.count > 1 || filesFrom != nil || inputs.contains(where: RunOutputs.isDirectory) }

    func validate() throws {
        _ = try TrackInput.format(named: from, option: "--from")
        if inputs.isEmpty && filesFrom == nil { throw ValidationError("give an input track file, folders, or --files-from LIST") }
        if isBatch {
            if output == "-" { throw ValidationError("a batch writes a folder of tracks: -o names the folder, not standard output") }
            if to == nil { throw ValidationError("a batch needs --to gpx|csv|geojson|tcx|ndjson (the format of every output)") }
            if inputs.contains("-") { throw ValidationError("standard input (-) is one track; it cannot be part of a batch") }
        }
        try TrackOutputFormat.validate(to: to, output: isBatch ? "folder.\(to ?? "gpx")" : output)
    }

    func run() throws {
        let inFormat = try TrackInput.format(named: from, option: "--from")
        if isBatch {
            guard let outFormat = try TrackInput.format(named: to, option: "--to") else { return }
            try runBatch(from: inFormat, to: outFormat)
            return
        }
        let input = inputs[0]
        let outFormat = try TrackOutputFormat.resolve(to: to, output: output)
        let outputs = OutputSet(inputs: [input], force: forceOption.force)
        let target = try outputs.plan(output, role: "the converted track")
        do {
            let track = try TrackInput.read(input, format: inFormat)
            TrackInput.reportRejected(track, file: input)
            try outputs.stage(for: target) { sink in try TrackWriter.encode(track, format: outFormat, target: output, to: sink) }
            try outputs.commit()
        } catch let error as TrackReadError {
            throw CLIError(TrackInput.message(for: error, formatOption: "--from"))
        } catch let error as TrackWriteError {
            throw CLIError(TrackInput.message(for: error, formatOption: "--to"))
        }
    }

    /// Converts every input into the folder `output`, mirroring the inputs' paths; every output is planned (checked
    /// against the inputs and each other) before anything is read. Prints each failure and one line for the batch.
    func runBatch(from inFormat: TrackFormat?, to outFormat: TrackFormat) throws {
        let batch: BatchInputs
        do { batch = try BatchInputs(arguments: inputs, filesFrom: filesFrom) } catch {
            throw CLIError(TrackInput.message(for: error))
        }
        guard !batch.inputs.isEmpty else { throw CLIError("no inputs: the list of files is empty") }
        let planner = OutputSet(inputs: batch.inputs.map(\.path), force: forceOption.force)
        let targets = try batch.plannedOutputs(in: output, format: { _ in outFormat }, role: "the converted track", planner: planner)
        var failed = 0
        for (input, target) in zip(batch.inputs, targets) {
            do {
                let track = try TrackInput.read(input.path, format: inFormat)
                TrackInput.reportRejected(track, file: input.path)
                try TrackWriter.write(track, to: target, format: outFormat, protecting: [input.path], force: forceOption.force)
            } catch {
                failed += 1
                Console.err("trackpipe: error: \(TrackInput.message(for: error))\n")
            }
        }
        let total = batch.inputs.count
        Console.out("\(total) input\(total == 1 ? "" : "s"): \(total - failed) converted, \(failed) failed → \(output)")
        if failed > 0 { throw ExitCode(failed == total ? 1 : 2) }
    }
}
