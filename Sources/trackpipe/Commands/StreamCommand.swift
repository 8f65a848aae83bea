import ArgumentParser
import Foundation
import TrackPipe
import TrackPipeIO
import TrackPipeStages

/// `trackpipe stream`: the live mode. Fixes arrive as NDJSON on stdin; accepted fixes and events leave as
/// NDJSON on stdout the moment they happen (one flushed line each), as a running app would see them.
struct StreamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stream",
        abstract: "Run a causal pipeline live: NDJSON fixes on stdin, accepted fixes and events on stdout.",
        discussion: """
        Each input line is a JSON object such as {"time": "2024-05-01T07:30:00Z", "lat": 51.5, "lon": -0.12, "hacc": 5}. \
        Output lines have a "type": fix, drop, change, event, and a final summary. When the pipeline has a distance \
        stage, each fix line also carries the live figures after it: distance (m), moving_time (s) and pace (s/m, \
        over the last --pace-window seconds of moving time). Every line is flushed as soon as \
        it is decided. Pipelines with whole-track stages (kalman-smoother) are refused: use `trackpipe run`. \
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
        func emit(_ outputs: [LivePipeline.Output]) throws {
            for o in outputs {
                switch o {
                case .accepted(let fix):
                    kept += 1
                    try out.write(FixLine(record: NDJSONFixCodec.record(for: fix), figures: figures?.add(fix)))
                case .dropped(let d):
                    dropped += 1
                    try out.write(DropLine(d))
                case .changed(let c):
                    try out.write(ChangeLine(c))
                case .event(let e):
                    try out.write(EventLine(e))
                }
            }
        }
        let decoder = JSONDecoder()
        while let text = readLine(strippingNewline: true) {
            lineNumber += 1
            if text.allSatisfy(\.isWhitespace) { continue }
            let decoded = NDJSONFixCodec.decodeFix(Substring(text), index: index, line: lineNumber, decoder: decoder)
            if case .success(nil) = decoded { continue }  // not a fix line (provenance, or earlier stream output)
            read += 1
            defer { index += 1 }
            switch decoded {
            case .success(nil):
                break
            case .success(let fix?):
                try emit(try live.push(fix))
            case .failure(let e):
                dropped += 1
                try out.write(DropLine(index: index, line: e.line, rule: e.rule, detail: e.message))
            }
        }
        try emit(try live.finish())
        try out.write(SummaryLine(read: read, kept: kept, dropped: dropped, summary: live.summary, provenance: .init(live.provenance)))
    }
}

/// Writes one JSON line and flushes stdout at once, so a consumer sees each decision as it is made.
struct LineWriter {
    mutating func write<T: Encodable>(_ value: T) throws {
        try StandardOutput.write(try NDJSONFixCodec.line(value) + "\n")
    }
}

/// A `fix` line: the fix's keys, and when the pipeline measures distance the live figures after it —
/// `distance` (m), `moving_time` (s) and `pace` (s/m over the last `--pace-window` seconds of moving time).
struct FixLine: Encodable {
    var record: NDJSONFixCodec.Record
    var figures: LiveFigures.Figures?

    enum CodingKeys: String, CodingKey {
        case distance, pace
        case movingTime = "moving_time"
    }

    func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
        guard let figures else { return }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(figures.distance, forKey: .distance)
        try c.encodeIfPresent(figures.movingTime, forKey: .movingTime)
        try c.encodeIfPresent(figures.pace, forKey: .pace)
    }
}

/// A `drop` line: `type` and the ``DropRecord`` keys.
struct DropLine: Encodable {
    var record: DropRecord

    init(_ d: Drop) { record = DropRecord(d) }

    /// An input line that is not a valid fix: dropped by the `read` stage, with its line number.
    init(index: Int, line: Int, rule: String, detail: String) {
        record = DropRecord(Drop(rejected: RejectedRecord(sourceIndex: index, line: line, rule: rule, reason: detail)))
    }

    enum CodingKeys: String, CodingKey { case type }

    func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("drop", forKey: .type)
    }
}

/// A `change` line: `type` and the ``ChangeRecord`` keys.
struct ChangeLine: Encodable {
    var record: ChangeRecord

    init(_ c: FixChange) { record = ChangeRecord(c) }

    enum CodingKeys: String, CodingKey { case type }

    func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("change", forKey: .type)
    }
}

struct EventLine: Encodable {
    var type = "event"
    var stage: String
    var kind: String
    var time: String?
    var index: Int?
    var fields: [String: JSONValue]

    init(_ e: StageEvent) {
        stage = e.stage
        kind = e.kind
        time = e.time.flatMap(ISO8601Time.format)
        index = e.sourceIndex
        fields = e.fields
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
