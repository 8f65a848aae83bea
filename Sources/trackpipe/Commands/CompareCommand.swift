import ArgumentParser
import Foundation
import TrackPipe
import TrackPipeLab
import TrackPipeIO
import TrackPipeStages

/// `trackpipe compare`: runs every pipeline on every dataset and scores it against the dataset's truth.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Score pipelines against datasets with ground truth.",
        discussion: """
        Runs every --pipeline (a spec file, or a preset: raw, runkeeper, smooth, default; all four when none is \
        given) on every dataset (track files, or folders searched recursively) and scores it against the truth \
        found next to the dataset: NAME.truth.csv (per fix), NAME.route.gpx or planned-route.gpx (route line), \
        NAME.distance.txt (known distance); a FIT file's own timer pauses score auto-pause. What a dataset's truth \
        cannot score is skipped and said. A truth \
        file that does not line up with its track is an error naming both files. Every spec and every dataset \
        is read before anything runs.
        """
    )

    @Option(name: .customLong("pipeline"), help: "A pipeline spec file or preset name (repeatable).")
    var pipelines: [String] = []

    @Argument(help: "Datasets: track files or folders.")
    var datasets: [String] = []

    @Option(help: "Read more dataset paths from this file, one per line ('-' for standard input).")
    var filesFrom: String?

    @Option(help: "Output format: table, csv, json, markdown, or html (a self-contained page: the scores and a map per dataset with every pipeline's line and the truth).")
    var format: CompareFormat = .table

    @Option(name: .shortAndLong, help: "Write the output here (atomically) instead of standard output.")
    var output: String?

    @Option(help: "The activity (running, walking, cycling, driving, other) when a file does not say.")
    var activity: String?

    @OptionGroup var forceOption: ForceOption

    func validate() throws {
        if datasets.isEmpty && filesFrom == nil { throw ValidationError("give at least one dataset (a track file or a folder), or --files-from") }
    }

    func run() throws {
        let registry = try CLIRegistry.make()
        let names = pipelines.isEmpty ? PresetPipelines.compared : pipelines
        let loaded = try names.map { try CLIPipelines.loadOrDefault(path: $0, registry: registry) }
        // Read every dataset and its truth before running anything.
        var inputs: [(name: String, path: String, track: Track, truth: GroundTruth)] = []
        do {
            let listed = try filesFrom.map(BatchInputs.list) ?? []
            for file in try DatasetFiles.expand(datasets + listed) {
                var recorded = try TrackReader.activity(path: file.track)
                TrackInput.reportRejected(recorded.track, file: file.track)
                if let activity, recorded.track.activity == nil { recorded.track.activity = Activity(loose: activity) }
                let truth = try DatasetTruth.load(for: recorded, trackPath: file.track, root: file.root)
                inputs.append((file.name, file.track, recorded.track, truth))
            }
        } catch {
            throw CLIError(TrackInput.message(for: error))
        }
        // The output is checked before anything runs: not a dataset, truth file or spec, and writable.
        let read = inputs.map(\.path) + inputs.flatMap(\.truth.sources) + names.filter { FileManager.default.fileExists(atPath: $0) }
        if let output { try OutputSet(inputs: read, force: forceOption.force).plan(output, role: "the comparison") }
        var results: [CompareReport.Entry] = []
        var keptTracks: [[Track]] = []
        for input in inputs {
            var kept: [Track] = []
            for pipeline in loaded {
                let result: PipelineResult
                do { result = try pipeline.run(input.track) } catch { throw CLIError("\(input.path): \(error)") }
                results.append(.init(dataset: input.name, truthFiles: input.truth.sources, score: RunScorer.score(result, truth: input.truth)))
                // Only the HTML page draws the kept tracks.
                if format == .html { kept.append(result.track) }
            }
            keptTracks.append(kept)
        }
        let report = CompareReport(
            pipelines: zip(names, loaded).map { .init(name: $1.spec.name, sha256: $1.spec.contentHash, source: $0) },
            results: results)
        let text: String
        switch format {
        case .table: text = report.table()
        case .markdown: text = report.markdown()
        case .csv: text = report.csv()
        case .json: text = try CLIJSON.string(report) + "\n"
        case .html:
            let datasets = zip(inputs, keptTracks).map { input, tracks in
                CompareReportView.Dataset(name: input.name, recorded: input.track, truthPath: input.truth.path,
                                          truthKind: input.truth.kind, tracks: tracks)
            }
            text = HTMLReport.compare(report.htmlView(datasets: datasets))
        }
        if let output {
            try AtomicFileWriter.write(Array(text.utf8), to: output, protecting: read, force: forceOption.force)
        } else if format == .table || format == .markdown {
            Console.out(text, terminator: "")
        } else {
            try StandardOutput.write(text)
        }
    }
}
