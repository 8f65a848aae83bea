import ArgumentParser
import Foundation
import TrackPipe
import TrackPipeIO
import TrackPipeStages

/// `trackpipe stream`: the live mode. Fixes arrive as NDJSON on stdin; accepted fixes and events leave as
/// NDJSON on stdout as soon as the input that decided them has been read, as a running app would see them.
struct StreamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stream",
        abstract: "Run a causal pipeline live: NDJSON fixes on stdin, accepted fixes and events on stdout.",
        discussion: """
        Each input line is a JSON object such as {"time": "2024-05-01T07:30:00Z", "lat": 51.5, "lon": -0.12, "hacc": 5}. \
        Output lines have a "type": fix, drop, change, event, and a final summary. When the pipeline has a distance \
        stage, each fix line also carries the live figures after it: distance (m), moving_time (s) and pace (s/m, \
        over the last --pace-window seconds of moving time). Each decision is written out as soon as it is made, \
        without waiting for more input. Pipelines with whole-track stages (kalman-smoother) are refused: \
        use `trackpipe run`. \
        The NDJSON schema is documented in the ReportSchemas article of the TrackPipeIO documentation.
        """
    )

    @Option(help: "Pipeline spec (JSON). Default: the embedded default pipeline's causal stages.")
    var pipeline: String?

    @OptionGroup var catalogOption: BadgeCatalogOption

    @Option(help: "The activity (running, walking, cycling, driving, other); stages pick their defaults from it.")
    var activity: String?

    @Option(help: "Seconds of moving time the current pace on each fix line is taken over.")
    var paceWindow: Double = 30

    func validate() throws {
        guard paceWindow.isFinite, paceWindow > 0, paceWindow <= 3600 else {
            throw ValidationError("--pace-window must be more than 0 and at most 3600 seconds")
        }
    }

    func run() throws {
        let registry = try catalogOption.registry()
        let loaded = try CLIPipelines.loadOrDefault(path: pipeline, registry: registry, causalOnly: pipeline == nil)
        let live: LivePipeline
        let declared = activity.map(Activity.init(loose:))
        do {
            live = try loaded.live(activity: declared)
        } catch {
            throw CLIError("\(pipeline ?? "default pipeline"): \(error)")
        }
        // Live figures on each fix line, measured with the pipeline's own distance rules (none without a
        // distance stage).
        let figures = loaded.steps.lazy.compactMap { $0.stage as? DistanceStage }.first
            .map { LiveFigures(accumulator: $0.distance.accumulator(for: declared), paceWindow: paceWindow) }
        let decider = StreamDecider(live: live, figures: figures)
        var last = try StreamSteps.run(LineInput(fd: STDIN_FILENO, name: "standard input"), decider: decider)
        // What the stages held back, their last events and the summary line, in one write.
        var tail: [NDJSONLines.Line] = []
        try last.finish(into: &tail)
        var bytes: [UInt8] = []
        NDJSONLines.append(tail, to: &bytes)
        bytes += try NDJSONFixCodec.makeEncoder().encode(last.summaryLine)
        bytes.append(UInt8(ascii: "\n"))
        try StandardOutput.write(bytes)
    }
}
