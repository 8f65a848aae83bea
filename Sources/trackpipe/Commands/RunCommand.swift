import ArgumentParser
import Foundation
import TrackPipe
import TrackPipeIO

/// `trackpipe run`: the offline workflow — read tracks, run a pipeline, write the kept track, the report and
/// the drops, and print a summary.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a pipeline on recorded tracks.",
        discussion: """
        The spec is validated before any input is read, and every input is read before anything is written. \
        Without --pipeline the embedded default pipeline runs (`trackpipe stages` lists the stages; \
        pipelines/default.json holds the same spec). Every dropped fix is reported with its stage, rule, \
        measured value and threshold: kept + dropped = read. The JSON report's schema is documented in the ReportSchemas article of the TrackPipeIO documentation.
        """
    )

    @Argument(help: "Input tracks: GPX, TCX, FIT, CSV, GeoJSON, NMEA, GnssLogger, or NDJSON fixes (any of them gzipped) (.ndjson, .jsonl; the stream format); the format comes from the extension (or the content).")
    var inputs: [String]

    @Option(help: "Pipeline spec (JSON). Default: the embedded default pipeline.")
    var pipeline: String?

    @Option(name: .shortAndLong, help: "Write the kept track here: a file for one input, a directory for several; '-' for stdout.")
    var output: String?

    @Option(help: "Output format (gpx, csv, geojson, tcx, ndjson) when the output's extension does not say. TCX carries the cleaned cumulative distance per trackpoint.")
    var to: String?

    @Option(help: "Write the JSON run report here.")
    var report: String?

    @Option(help: "Write every dropped fix as GeoJSON points here.")
    var drops: String?

    @OptionGroup var catalogOption: BadgeCatalogOption

    @Option(help: "The activity (running, walking, cycling, driving, other) when the file does not say; stages pick defaults from it.")
    var activity: String?

    @Option(help: "Units of the terminal summary: metric or imperial.")
    var units: UnitSystem = .metric

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give at least one input track") }
        _ = try TrackInput.format(named: to, option: "--to")
        if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("stdin ('-') can be read only once") }
        if let output, output != "-", inputs.count > 1, !RunOutputs.isDirectory(output) {
            throw ValidationError("with several inputs, -o must be an existing directory")
        }
        if output == "-", inputs.count > 1 { throw ValidationError("with several inputs, -o cannot be stdout") }
    }

    func run() throws {
        let registry = try catalogOption.registry()
        let pipeline = try CLIPipelines.loadOrDefault(path: self.pipeline, registry: registry)
        // Read every input before running or writing anything.
        var tracks: [(name: String, track: Track)] = []
        for input in inputs {
            do {
                var track = try TrackInput.read(input, format: nil)
                if let activity { track.activity = Activity(loose: activity) }
                tracks.append((input, track))
            } catch {
                throw CLIError(TrackInput.message(for: error))
            }
            if !quiet { TrackInput.reportRejected(tracks[tracks.count - 1].track, file: input) }
        }
        var runs: [(input: String, output: String?, result: PipelineResult)] = []
        for (name, track) in tracks {
            let result: PipelineResult
            do { result = try pipeline.run(track) } catch { throw CLIError("\(name): \(error)") }
            var written: String?
            let distance = result.annotations[CumulativeDistanceKey.self]
            if let output {
                let format = try TrackInput.format(named: to, option: "--to")
                if output == "-" {
                    let bytes = try TrackWriter.encode(result.track, format: format ?? RunOutputs.defaultFormat(for: name),
                                                       provenance: result.provenance, cumulativeDistance: distance)
                    FileHandle.standardOutput.write(Data(bytes))
                } else {
                    let path = RunOutputs.path(for: name, output: output, several: inputs.count > 1, format: format)
                    do {
                        try TrackWriter.write(result.track, to: path, format: format ?? (inputs.count > 1 ? RunOutputs.defaultFormat(for: name) : nil),
                                             protecting: inputs, provenance: result.provenance, cumulativeDistance: distance)
                    } catch let error as TrackWriteError {
                        throw CLIError(TrackInput.message(for: error, formatOption: "--to"))
                    }
                }
                written = output
            }
            runs.append((name, written, result))
        }
        if let report {
            try AtomicFileWriter.write(Array(CLIJSON.data(RunReport(pipeline: pipeline, runs: runs))), to: report, protecting: inputs)
        }
        if let drops {
            try AtomicFileWriter.write(Array(DropsGeoJSON.encode(runs.map { ($0.input, $0.result.dropped) }, provenance: pipeline.provenance)), to: drops, protecting: inputs)
        }
        if !quiet {
            let text = RunSummaryTable.render(pipeline: pipeline, runs: runs, units: units)
            if output == "-" { FileHandle.standardError.write(Data(text.utf8)) } else { print(text, terminator: "") }
        }
    }
}

/// Where `trackpipe run` writes kept tracks.
enum RunOutputs {
    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The input's own format when TrackPipe writes it, GPX otherwise (NMEA, GnssLogger, stdin).
    static func defaultFormat(for input: String) -> TrackFormat {
        guard let f = TrackFormat(pathExtension: input), f.isWritable else { return .gpx }
        return f
    }

    /// The output path for `input`: `output` itself for one input; for several, `output/NAME.EXT`.
    static func path(for input: String, output: String, several: Bool, format: TrackFormat?) -> String {
        guard several else { return output }
        let f = format ?? defaultFormat(for: input)
        var url = URL(fileURLWithPath: input)
        if url.pathExtension.lowercased() == "gz" { url = url.deletingPathExtension() }
        let base = url.deletingPathExtension().lastPathComponent
        return URL(fileURLWithPath: output).appendingPathComponent(base + "." + f.fileExtension).path
    }
}
