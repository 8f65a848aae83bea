import TrackPipe
import TrackPipeIO

/// What `stream` decides about each decoded input line: the live pipeline's answers for a fix (with the live
/// figures on each accepted one), a drop naming the line for a line that is not a fix, nothing for a line that is
/// JSON but not a fix (provenance, earlier stream output); and the counts for the summary line.
struct StreamDecider {
    private var live: LivePipeline
    /// Distance, moving time and pace after each accepted fix; `nil` when the pipeline has no distance stage.
    private var figures: LiveFigures?
    /// Fix lines and bad lines so far: the next fix's `sourceIndex`, and the summary's `read`.
    private(set) var read = 0
    private(set) var kept = 0
    private(set) var dropped = 0
    /// One push's outputs, reused so a push allocates nothing once it has grown.
    private var outputs: [LivePipeline.Output] = []

    init(live: LivePipeline, figures: LiveFigures?) {
        self.live = live
        self.figures = figures
    }

    /// Decides one decoded line and appends its answers to `lines`, in order. Throws what a stage throws.
    mutating func decide(_ line: Result<Fix?, NDJSONFixCodec.LineError>, into lines: inout [NDJSONLines.Line]) throws {
        switch line {
        case .success(nil):
            return
        case .success(var fix?):
            fix.sourceIndex = read
            read += 1
            outputs.removeAll(keepingCapacity: true)
            try live.push(fix, into: &outputs)
            answer(outputs, into: &lines)
        case .failure(let e):
            dropped += 1
            let rejected = RejectedRecord(sourceIndex: read, line: e.line, rule: e.rule, reason: e.message)
            read += 1
            lines.append(.drop(DropRecord(Drop(rejected: rejected))))
        }
    }

    /// Ends the run: what the stages held back, and their last events.
    mutating func finish(into lines: inout [NDJSONLines.Line]) throws {
        answer(try live.finish(), into: &lines)
    }

    /// The last line of the output.
    var summaryLine: SummaryLine {
        SummaryLine(read: read, kept: kept, dropped: dropped, summary: live.summary, provenance: .init(live.provenance))
    }

    private mutating func answer(_ outputs: [LivePipeline.Output], into lines: inout [NDJSONLines.Line]) {
        for o in outputs {
            switch o {
            case .accepted(let fix):
                kept += 1
                lines.append(.fix(fix, figures?.add(fix)))
            case .dropped(let d):
                dropped += 1
                lines.append(.drop(DropRecord(d)))
            case .changed(let c):
                lines.append(.change(c))
            case .event(let e):
                lines.append(.event(e))
            }
        }
    }
}

/// `stream`'s last line: the counts (kept + dropped = read) and the stages' summary figures.
struct SummaryLine: Encodable {
    var type = "summary"
    var read: Int
    var kept: Int
    var dropped: Int
    var summary: [SummaryItem]
    var provenance: ProvenanceRecord.Encoded
}
