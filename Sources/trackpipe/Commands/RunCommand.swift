import ArgumentParser
import Foundation
import TrackPipe
import TrackPipeIO
import TrackPipeStore

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

        Batch: with a folder among the inputs (searched recursively), --files-from, --keep-going or --summary, each \
        input is read, run and written on its own by --jobs workers; a bad input is reported and the rest go on \
        (--no-keep-going stops at the first); -o names a folder, in which outputs keep their paths under the folder \
        they were found in. Exit status: 0 every input ran; 2 some failed; 1 all failed (or nothing could start).
        """
    )

    @Argument(help: "Input tracks or folders: GPX, TCX, FIT, CSV, GeoJSON, NMEA, GnssLogger, or NDJSON fixes (any of them gzipped) (.ndjson, .jsonl; the stream format); the format comes from the extension (or the content). A folder is searched recursively (a batch run).")
    var inputs: [String] = []

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

    @Option(help: "Also keep each run in this SQLite run store (made when missing): figures, splits, badge checkpoints and the kept track, for `trackpipe history` and `badges --store`.")
    var store: String?

    @OptionGroup var forceOption: ForceOption

    // Batch runs.

    @Option(help: "Read input paths from this file, one per line ('-' for standard input); a batch run.")
    var filesFrom: String?

    @Flag(inversion: .prefixedNo, help: "Go on after an input fails (a batch run; the default with folders and --files-from).")
    var keepGoing: Bool?

    @Option(help: "Write one row per input here (a batch run): status, error, counts, drops by stage, distance, times, pace, start, bounding box, pipeline hash. '-' for standard output.")
    var summary: String?

    @Option(help: "Format of --summary: csv or ndjson (default: from its extension; ndjson for '-').")
    var summaryFormat: String?

    @Flag(help: "Skip inputs the existing --summary file already has as ok for the same content (SHA-256) and pipeline, with their output still there (and, with --store, the run in the store); their rows are kept. For picking up an interrupted batch.")
    var resume = false

    @Option(help: "Inputs processed at once in a batch run; the default is this machine's number of cores.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Progress of a batch run on standard error: text (a line redrawn on a terminal only), ndjson (a line per finished input) or none.")
    var progress: String = "text"

    /// Whether this is a batch run: each input on its own, bad ones reported and skipped.
    var isBatch: Bool {
        filesFrom != nil || keepGoing != nil || summary != nil || inputs.contains { RunOutputs.isDirectory($0) }
    }

    func validate() throws {
        if inputs.isEmpty && filesFrom == nil { throw ValidationError("give at least one input track, a folder or --files-from") }
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if BatchProgress.Mode(rawValue: progress) == nil { throw ValidationError("--progress must be text, ndjson or none") }
        if let summaryFormat, RunBatch.SummaryFormat(rawValue: summaryFormat) == nil {
            throw ValidationError("--summary-format must be csv or ndjson")
        }
        if store != nil, inputs.contains("-") {
            throw ValidationError("--store names runs by their file's content; a run from standard input cannot be stored")
        }
        if isBatch {
            if report != nil || drops != nil || html != nil {
                throw ValidationError("--report, --drops and --html describe one run; in a batch run use --summary")
            }
            if let output, output == "-" || !RunOutputs.isDirectory(output) {
                throw ValidationError("in a batch run, -o must be an existing folder")
            }
            if filesFrom == "-", inputs.contains("-") { throw ValidationError("stdin ('-') can be read only once") }
            if resume, summary == nil || summary == "-" { throw ValidationError("--resume needs --summary FILE: the summary of the run to pick up") }
            return
        }
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
        if isBatch { return try runBatch(pipeline: pipeline, format: format) }
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
        // The store is opened (made, when missing) only once every output has been checked.
        let runStore = try store.map(RunCommand.openStore)
        // Read every input before running or writing anything.
        var tracks: [(name: String, track: Track)] = []
        var hashes: [String?] = []
        for input in inputs {
            do {
                var (track, sha256) = try StoredRunContent.read(input, hashing: runStore != nil)
                hashes.append(sha256)
                if let activity { track.activity = Activity(loose: activity) }
                tracks.append((input, track))
            } catch {
                throw CLIError(TrackInput.message(for: error))
            }
            if !quiet { TrackInput.reportRejected(tracks[tracks.count - 1].track, file: input) }
        }
        var runs: [(input: String, output: String?, result: PipelineResult)] = []
        // The recorded tracks are kept for the HTML page and the store only; otherwise each is handed to the
        // pipeline whole, so its fixes are freed as the stages replace them.
        let keepsRecorded = htmlOutput != nil || runStore != nil
        for i in tracks.indices {
            let name = tracks[i].name
            let track = tracks[i].track
            if !keepsRecorded { tracks[i].track = Track() }
            let result: PipelineResult
            do { result = try pipeline.run(consume track) } catch { throw CLIError("\(name): \(error)") }
            if let output, trackOutputs.indices.contains(i) {
                let target = trackOutputs[i]
                do {
                    let chosen = try TrackWriter.format(format ?? (output == "-" || inputs.count > 1 ? RunOutputs.defaultFormat(for: name) : nil),
                                                        for: output)
                    try outputs.stage(for: target) { sink in
                        try TrackWriter.encode(result.track, format: chosen, target: target.path, provenance: result.provenance,
                                               cumulativeDistance: result.annotations[CumulativeDistanceKey.self], to: sink)
                    }
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
        if let runStore {
            for (i, run) in runs.enumerated() {
                guard let sha256 = hashes[i] else { continue }
                do {
                    try runStore.record(StoredRunContent.make(path: run.input, sha256: sha256, recorded: tracks[i].track, result: run.result))
                } catch { throw CLIError("\(error)") }
            }
        }
        if !quiet {
            let text = RunSummaryTable.render(pipeline: pipeline, runs: runs, units: units)
            let toStandardOutput = [output, report, drops, html].contains("-")
            if toStandardOutput { Console.err(text) } else { Console.out(text, terminator: "") }
        }
    }
}

extension RunCommand {
    /// The batch run: see ``RunBatch``. Prints one line for the batch (to standard error when the summary goes to
    /// standard output) and every failure on standard error; exits 2 when some inputs failed, 1 when all did.
    /// Opens (or makes) the run store at `path`; its failure is the command's error.
    static func openStore(_ path: String) throws -> RunStore {
        do { return try RunStore(path: path) } catch { throw CLIError("\(error)") }
    }

    func runBatch(pipeline: Pipeline, format: TrackFormat?) throws {
        let batchInputs: BatchInputs
        do { batchInputs = try BatchInputs(arguments: inputs, filesFrom: filesFrom) } catch {
            throw CLIError(TrackInput.message(for: error))
        }
        guard !batchInputs.inputs.isEmpty else { throw CLIError("no inputs: the list of files is empty") }
        let summaryTarget = summary.map { path -> (path: String, format: RunBatch.SummaryFormat) in
            let named = summaryFormat.flatMap(RunBatch.SummaryFormat.init(rawValue:))
            let byExtension: RunBatch.SummaryFormat = path.lowercased().hasSuffix(".csv") ? .csv : .ndjson
            return (path, named ?? byExtension)
        }
        var mode = BatchProgress.Mode(rawValue: progress) ?? .none
        if mode == .text && (quiet || !BatchProgress.standardErrorIsTerminal) { mode = .none }
        var batch = RunBatch(pipeline: pipeline, inputs: batchInputs.inputs, outputDirectory: output, format: format,
                             activity: activity, jobs: jobs, keepGoing: keepGoing ?? true, summary: summaryTarget,
                             progress: mode, force: forceOption.force, storePath: store)
        if resume, let summaryTarget { batch.resumable = try RunBatch.resumableRows(from: summaryTarget.path, format: summaryTarget.format) }
        let outcome = try batch.run()
        // The message names the file (every read and write error does).
        for failure in outcome.failed { Console.err("trackpipe: error: \(failure.error)\n") }
        if !quiet {
            let total = outcome.ok + outcome.failed.count
            var line = "\(total) input\(total == 1 ? "" : "s"): \(outcome.ok) ok, \(outcome.failed.count) failed"
            if outcome.skipped > 0 { line += ", \(outcome.skipped) not started (stopped at the first failure)" }
            if outcome.resumed > 0 { line += " (\(outcome.resumed) kept from the earlier summary)" }
            let workers = min(jobs, batchInputs.inputs.count)
            line += String(format: " · %d fixes in %.2f s (%.2f M fixes/s, ", outcome.fixes, outcome.seconds,
                           outcome.seconds > 0 ? Double(outcome.fixes) / outcome.seconds / 1e6 : 0)
                + "\(workers) worker\(workers == 1 ? "" : "s"))"
            if summary == "-" { Console.err(line + "\n") } else { Console.out(line) }
        }
        if !outcome.failed.isEmpty { throw ExitCode(outcome.ok == 0 ? 1 : 2) }
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
