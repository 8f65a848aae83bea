import ArgumentParser
import Foundation
import TrackPipe
import TrackPipeIO
import TrackPipeStages
import TrackPipeStore

extension UnitSystem: ExpressibleByArgument {}
extension SpeedBasis: ExpressibleByArgument {}

/// `trackpipe badges RUN...`: distance badges across a runner's history — which run earned each badge, which
/// won silver and gold, the best run, and what the next ones need.
struct BadgesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "badges",
        abstract: "Badges across runs: earned, silver, gold and best, and what the next ones need.",
        discussion: """
        Each RUN (a track file, or a directory of them) goes through the pipeline first (--pipeline, default the \
        embedded default pipeline); its distance and moving time come from the pipeline's `distance` stage, or \
        are measured on the kept track with the default rules when the pipeline has none. Runs are then ordered \
        by start time. A run earns a badge when its distance is strictly greater than the badge's. Silver: the \
        first later run passing the badge at an average speed strictly above the earning run's × 1.05; gold: × \
        1.10; best: the fastest run passing it. Average speed = distance / moving time (elapsed time when no \
        pause detection ran: the two are then equal), or distance / elapsed time with --speed-basis elapsed. Unearned badges say how far to run; earned badges without \
        gold give the average pace to beat for silver and gold.
        """
    )

    @Argument(help: "Run files (any format run reads), or folders of them (searched recursively, in path order; truth files skipped).")
    var runs: [String] = []

    @Option(help: "Read more run paths from this file, one per line ('-' for standard input).")
    var filesFrom: String?

    @Option(help: "Pipeline spec (JSON) each run goes through first. Default: the embedded default pipeline.")
    var pipeline: String?

    @Option(help: "Take the runs from this run store (written by `trackpipe run --store`) instead of reading run files: each stored run's distance and times as its pipeline measured them.")
    var store: String?

    @OptionGroup var catalogOption: BadgeCatalogOption

    @Option(help: "metric (km, /km) or imperial (mi, /mi).")
    var units: UnitSystem = .metric

    @Option(help: "The time average speeds compare over: moving (pauses excluded) or elapsed (start to finish, as MoonRunner compares runs).")
    var speedBasis: SpeedBasis = .moving

    @Flag(help: "Print the result as JSON (SI units) instead of a table.")
    var json = false

    @Flag(help: "Print the built-in badge catalog (JSON), a starting point for --badges, and exit.")
    var defaultCatalog = false

    func validate() throws {
        if runs.isEmpty && filesFrom == nil && !defaultCatalog && store == nil {
            throw ValidationError("give at least one run file or folder, --files-from, or --store")
        }
        if store != nil && (!runs.isEmpty || filesFrom != nil || pipeline != nil) {
            throw ValidationError("--store takes the runs as stored: give no run files and no --pipeline")
        }
    }

    func run() throws {
        if defaultCatalog {
            try StandardOutput.write(BadgeCatalog.defaultJSON + "\n")
            return
        }
        let catalog = try catalogOption.catalog()
        let registry = try catalogOption.registry(loaded: catalog)
        let loaded = try CLIPipelines.loadOrDefault(path: pipeline, registry: registry)
        if let store {
            let stored: [StoredRunSummary]
            guard FileManager.default.fileExists(atPath: store) else { throw CLIError("\(store): no such run store") }
            do { stored = try RunStore(path: store).runs() } catch { throw CLIError("\(error)") }
            let summaries = stored.compactMap { run -> RunSummary? in
                guard let distance = run.distance else { return nil }
                var summary = RunSummary(name: URL(fileURLWithPath: run.inputPath).lastPathComponent, start: run.start, distance: distance,
                                         movingTime: run.movingTime, elapsedTime: run.elapsedTime)
                summary.speedBasis = speedBasis
                return summary
            }
            guard !summaries.isEmpty else { throw CLIError("\(store): no stored run has a distance") }
            try report(summaries: summaries, statuses: BadgeHistory.evaluate(runs: summaries, catalog: catalog), provenance: loaded.provenance)
            return
        }
        // A run named on the command line must exist (a listed one that does not is skipped with a warning).
        for path in runs where !FileManager.default.fileExists(atPath: path) { throw CLIError("\(path) does not exist") }
        let files: [URL]
        do { files = try BatchInputs(arguments: runs, filesFrom: filesFrom).inputs.map { URL(fileURLWithPath: $0.path) } } catch let error as TrackReadError {
            throw CLIError(TrackInput.message(for: error))
        }
        guard !files.isEmpty else { throw CLIError("no run files found in \(runs.joined(separator: ", "))") }
        var summaries: [RunSummary] = []
        var failures: [String] = []
        for file in files {
            do {
                let track = try TrackInput.read(file.path, format: nil)
                TrackInput.reportRejected(track, file: file.path)
                let result = try loaded.run(track)
                var summary = RunSummary(name: file.lastPathComponent, result: result)
                summary.speedBasis = speedBasis
                summaries.append(summary)
            } catch let error as TrackReadError {
                failures.append(TrackInput.message(for: error))  // names the file already
            } catch {
                failures.append("\(file.path): \(error)")
            }
        }
        for f in failures { Console.err("trackpipe: warning: skipped \(f)\n") }
        guard !summaries.isEmpty else { throw CLIError("none of the runs could be read") }
        try report(summaries: summaries, statuses: BadgeHistory.evaluate(runs: summaries, catalog: catalog), provenance: loaded.provenance)
    }

    func report(summaries: [RunSummary], statuses: [BadgeStatus], provenance: Provenance) throws {
        if json {
            try StandardOutput.write(try CLIJSON.string(BadgesJSON(provenance: .init(provenance), runs: summaries, badges: statuses)) + "\n")
        } else {
            Console.out(BadgeTable.render(runs: summaries, statuses: statuses, units: units))
        }
    }
}

/// The `--json` output of `trackpipe badges`.
struct BadgesJSON: Encodable {
    var provenance: ProvenanceRecord.Encoded
    var runs: [RunSummary]
    var badges: [BadgeStatus]
}
