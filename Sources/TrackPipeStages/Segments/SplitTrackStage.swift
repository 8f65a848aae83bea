import TrackPipe

/// `split-track`: starts a new segment where the recording has a gap longer than `max-gap` seconds, or where the
/// runner stood still (fixes auto-pause marked paused) for longer than `max-stop` seconds — GPSBabel's and
/// MovingPandas' "split at gaps" and "split at stops". Keeps every fix; a fix that starts a new segment is recorded
/// as a change (its segment number, nothing else) and announced with a `segment-break` event (fields reason `gap` or
/// `stop`, duration s). Steps across a break count toward neither distance nor moving time. Causal.
public struct SplitTrackStage: StreamingStage {
    public enum SummaryKey {
        /// Segments started by the stage (count).
        public static let breaks = "segment-breaks"
    }

    public static let descriptor = StageDescriptor(
        name: "split-track",
        summary: "Start a new segment at a gap in the recording longer than max-gap, or after a stop longer than max-stop.",
        discussion: """
            Keeps every fix. A fix more than max-gap seconds after the previous fix of its segment starts a new \
            segment (reason gap); so does the first moving fix after a run of paused fixes (marked by auto-pause, \
            which must come before) lasting more than max-stop seconds, from the first paused fix to it (reason \
            stop). The new segment number is recorded as a change and announced by a segment-break event (fields \
            reason, duration in s); segment-breaks (count) is published. Distance, moving time and the smoothers \
            treat segments separately. Both rules are off until set. Causal.
            """,
        parameters: [
            .number("max-gap", unit: .seconds, default: nil, range: .positive,
                    help: "Longest gap between consecutive fixes within a segment, seconds. Off by default."),
            .number("max-stop", unit: .seconds, default: nil, range: .positive,
                    help: "Longest stop (a run of paused fixes) within a segment, seconds; needs auto-pause before. Off by default."),
        ],
        guarantees: [.preservesOrder, .preservesPositions])

    /// Seconds.
    public var maximumGap: Double?
    /// Seconds.
    public var maximumStop: Double?

    public init(parameters: StageParameters) throws {
        maximumGap = try parameters.optionalNumber("max-gap")
        maximumStop = try parameters.optionalNumber("max-stop")
    }

    public func makeProcessor(context: StageContext) throws -> any FixProcessor { Processor(stage: self) }

    struct Processor: FixProcessor {
        let stage: SplitTrackStage
        var previous: (segment: Int, time: Double?)?
        /// Time of the first paused fix of the current run of paused fixes.
        var stopStart: Double?
        var segments = SegmentRenumbering()

        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            var reason: (String, Double)?
            if let previous, previous.segment == fix.segment {
                if let limit = stage.maximumGap, let t0 = previous.time, let t1 = fix.time, t1 - t0 > limit {
                    reason = ("gap", t1 - t0)
                } else if let limit = stage.maximumStop, !fix.paused, let t0 = stopStart, let t1 = fix.time, t1 - t0 > limit {
                    reason = ("stop", t1 - t0)
                }
            } else {
                stopStart = nil
            }
            if fix.paused {
                if stopStart == nil { stopStart = fix.time }
            } else {
                stopStart = nil
            }
            previous = (fix.segment, fix.time)
            if let (why, duration) = reason {
                out.emit("segment-break", time: fix.time, sourceIndex: fix.sourceIndex,
                         fields: ["reason": .string(why), "duration": .number(duration)])
            }
            segments.keep(fix, breakBefore: reason != nil, into: &out)
        }

        mutating func finish(into out: inout StageEmitter) throws {
            out.summarize(SummaryKey.breaks, label: "Segment breaks", value: Double(segments.breaks), unit: .count)
        }
    }
}
