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
        over the last --pace-window seconds of moving time). What the input read so far decided is written out \
        before TrackPipe waits for more input. Pipelines with whole-track stages (kalman-smoother) are refused: \
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
        var live: LivePipeline
        do {
            live = try loaded.live(activity: activity.map(Activity.init(loose:)))
        } catch {
            throw CLIError("\(pipeline ?? "default pipeline"): \(error)")
        }
        // Live figures on each fix line, measured with the pipeline's own distance rules (none without a
        // distance stage).
        var figures = loaded.steps.lazy.compactMap { $0.stage as? DistanceStage }.first
            .map { LiveFigures(accumulator: $0.distance.accumulator(), paceWindow: paceWindow) }
        var out = LineWriter()
        var index = 0, lineNumber = 0, read = 0, kept = 0, dropped = 0
        var decided: [NDJSONLines.Line] = []
        func emit(_ outputs: [LivePipeline.Output]) {
            for o in outputs {
                switch o {
                case .accepted(let fix):
                    kept += 1
                    decided.append(.fix(fix, figures?.add(fix)))
                case .dropped(let d):
                    dropped += 1
                    decided.append(.drop(DropRecord(d)))
                case .changed(let c):
                    decided.append(.change(c))
                case .event(let e):
                    decided.append(.event(e))
                }
            }
        }
        let pending = NDJSONLineBatch()
        var outputs: [LivePipeline.Output] = []
        /// Decides the pending lines: decoded together, pushed one by one in order, their output lines encoded
        /// together (both on every core for a long batch: a replayed recording). On an error the output of the lines
        /// before it is still encoded.
        func decidePending() throws {
            defer {
                NDJSONLines.append(decided, to: &out.batch)
                decided.removeAll(keepingCapacity: true)
            }
            try pending.decode { result in
                switch result {
                case .success(nil):
                    return  // not a fix line (provenance, or earlier stream output)
                case .success(var fix?):
                    fix.sourceIndex = index
                    outputs.removeAll(keepingCapacity: true)
                    try live.push(fix, into: &outputs)
                    emit(outputs)
                case .failure(let e):
                    dropped += 1
                    decided.append(.drop(DropRecord(Drop(rejected: RejectedRecord(sourceIndex: index, line: e.line, rule: e.rule, reason: e.message)))))
                }
                read += 1
                index += 1
            }
        }
        // The lines read so far are decided before TrackPipe waits for more input: their output is written then,
        // so a consumer sees every decision as soon as the input that caused it has been read.
        // On an error the lines decided before it are still written.
        defer { try? out.flush() }
        try LineInput(fd: STDIN_FILENO, name: "standard input").forEachLine(beforeWaiting: {
            try decidePending()
            try out.flush()
        }) { line in
            lineNumber += 1
            if NDJSONFixDecoder.isBlank(line) { return }
            pending.append(line, number: lineNumber)
        }
        try decidePending()  // a last line without a line end comes after the last wait
        emit(try live.finish())
        NDJSONLines.append(decided, to: &out.batch)
        try out.add(SummaryLine(read: read, kept: kept, dropped: dropped, summary: live.summary, provenance: .init(live.provenance)))
        try out.flush()
    }
}

/// Collects the lines the input read so far decides and writes them together before TrackPipe waits for more input,
/// so a consumer sees each decision once its input has been read (one write per block of input, not per line).
struct LineWriter {
    let encoder = NDJSONFixCodec.makeEncoder()
    /// The lines collected since the last flush; ``NDJSONLines`` appends fixes, drops, changes and events here.
    var batch: [UInt8] = []

    /// Adds `value` encoded as one line (the summary).
    mutating func add<T: Encodable>(_ value: T) throws {
        batch.append(contentsOf: try encoder.encode(value))
        batch.append(UInt8(ascii: "\n"))
    }

    /// Writes the collected lines to standard output now.
    mutating func flush() throws {
        guard !batch.isEmpty else { return }
        defer { batch.removeAll(keepingCapacity: true) }
        try StandardOutput.write(batch)
    }
}

struct SummaryLine: Encodable {
    var type = "summary"
    var read: Int
    var kept: Int
    var dropped: Int
    var summary: [SummaryItem]
    var provenance: ProvenanceRecord.Encoded
}
