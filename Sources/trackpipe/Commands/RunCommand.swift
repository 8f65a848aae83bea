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
        The spec is validated and every output checked (not an input, not another output, writable) before any \
        input is read; every input is read before anything runs; the outputs are written together at the end, or \
        none of them. Existing files are replaced atomically; devices and FIFOs are written through. \
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

    @Option(help: "Write the JSON run report here ('-' for stdout).")
    var report: String?

    @Option(help: "Write every dropped fix as GeoJSON points here ('-' for stdout).")
    var drops: String?

    @Option(help: "Write a self-contained HTML report here: the route coloured by pace, every drop, move and pause on the map, charts, the stage table ('-' for stdout).")
    var html: String?

    @OptionGroup var catalogOption: BadgeCatalogOption

    @Option(help: "The activity (running, walking, cycling, driving, other) when the file does not say; stages pick defaults from it.")
    var activity: String?

    @Option(help: "Units of the terminal summary: metric or imperial.")
    var units: UnitSystem = .metric

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    @OptionGroup var forceOption: ForceOption

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give at least one input track") }
        _ = try TrackInput.format(named: to, option: "--to")
        if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("stdin ('-') can be read only once") }
        if let output, output != "-", inputs.count > 1, !RunOutputs.isDirectory(output) {
            throw ValidationError("with several inputs, -o must be an existing directory")
        }
        if output == "-", inputs.count > 1 { throw ValidationError("with several inputs, -o cannot be stdout") }
        if [output, report, drops, html].filter({ $0 == "-" }).count > 1 {
            throw ValidationError("only one of -o, --report, --drops and --html can be standard output ('-')")
        }
    }

    func run() throws {
        let registry = try catalogOption.registry()
        let pipeline = try CLIPipelines.loadOrDefault(path: self.pipeline, registry: registry)
        let format = try TrackInput.format(named: to, option: "--to")
        // Every output is checked before any input is read: none may be an input (track, spec or catalog) or
        // another output, and each must be writable.
        let read = inputs + [self.pipeline, catalogOption.badges].compactMap { $0 }.filter { FileManager.default.fileExists(atPath: $0) }
        let outputs = OutputSet(inputs: read, force: forceOption.force)
        var trackOutputs: [OutputSet.Output] = []
        if let output {
            for input in inputs {
                let path = output == "-" ? "-" : RunOutputs.path(for: input, output: output, several: inputs.count > 1, format: format)
                trackOutputs.append(try outputs.plan(path, role: "the kept track of \(input)"))
            }
        }
        let reportOutput = try report.map { try outputs.plan($0, role: "the run report") }
        let dropsOutput = try drops.map { try outputs.plan($0, role: "the drops") }
        let htmlOutput = try html.map { try outputs.plan($0, role: "the HTML report") }
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
        for (i, (name, track)) in tracks.enumerated() {
            let result: PipelineResult
            do { result = try pipeline.run(track) } catch { throw CLIError("\(name): \(error)") }
            if let output, trackOutputs.indices.contains(i) {
                let target = trackOutputs[i]
                do {
                    let chosen = try TrackWriter.format(format ?? (output == "-" || inputs.count > 1 ? RunOutputs.defaultFormat(for: name) : nil),
                                                        for: output)
                    let bytes = try TrackWriter.encode(result.track, format: chosen, target: target.path, provenance: result.provenance,
                                                       cumulativeDistance: result.annotations[CumulativeDistanceKey.self])
                    try outputs.stage(bytes, for: target)
                } catch let error as TrackWriteError {
                    throw CLIError(TrackInput.message(for: error, formatOption: "--to"))
                }
            }
            runs.append((name, output, result))
        }
        if let reportOutput {
            try outputs.stage(for: reportOutput) { sink in try RunReportWriter.write(pipeline: pipeline, runs: runs, to: sink) }
        }
        if let htmlOutput {
            let views = zip(tracks, runs).map { HTMLReportContent.runView(name: $0.name, recorded: $0.track, result: $1.result, units: units) }
            try outputs.stage(Array(HTMLReport.run(views, provenance: pipeline.provenance, units: units).utf8), for: htmlOutput)
        }
        if let dropsOutput {
            try outputs.stage(Array(DropsGeoJSON.encode(runs.map { ($0.input, $0.result.dropped) }, provenance: pipeline.provenance)), for: dropsOutput)
        }
        // All outputs together, or none.
        try outputs.commit()
        if !quiet {
            let text = RunSummaryTable.render(pipeline: pipeline, runs: runs, units: units)
            let toStandardOutput = [output, report, drops, html].contains("-")
            if toStandardOutput { Console.err(text) } else { Console.out(text, terminator: "") }
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
