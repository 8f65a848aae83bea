import TrackPipe

/// `thin`: a causal distance and time filter. Keeps the first fix of every segment; afterwards keeps a fix only when
/// it is at least `min-step` metres from the last kept fix and at least `min-interval` seconds after it. This is
/// the iOS distance filter MoonRunner records with (10 m), and what Runkeeper's app did to keep about 600 of a
/// 6 km run's 2300 fixes.
///
/// Bounds, by construction: every dropped fix lies within `min-step` of a kept fix (the last one kept before it) when
/// only `min-step` is set; the kept path is never longer than the input path (each kept step replaces a sub-path
/// between the same two fixes). The path-length change is published as the summary item `thin-length-change`.
public struct ThinStage: StreamingStage {
    public enum SummaryKey {
        /// Kept path length minus input path length, metres (≤ 0).
        public static let lengthChange = "thin-length-change"
    }

    public static let descriptor = StageDescriptor(
        name: "thin",
        summary: "Keep a fix only when it is at least min-step metres and min-interval seconds from the last kept fix (causal thinning).",
        discussion: """
            A distance and time filter, as a phone's location service applies one: the first fix of every segment is \
            kept, then a fix is kept only when it is at least min-step metres from the last kept fix (rule \
            min-step) and at least min-interval seconds after it (rule min-interval; only judged when both fixes \
            have a time). Causal. Every fix dropped by min-step lies within min-step of a kept fix, and the kept \
            path is never longer than the input path; the change in path length is published as \
            thin-length-change (metres). Thinning also removes the jitter that inflates a standing runner's \
            distance, so place it after the filters and before distance.
            """,
        parameters: [
            .number("min-step", unit: .metres, default: 10, range: .closed(0, 10_000),
                    help: "Smallest step from the last kept fix, metres. Default 10 m, the distance filter MoonRunner records with; 0 turns the rule off."),
            .number("min-interval", unit: .seconds, default: 0, range: .closed(0, 86_400),
                    help: "Shortest time after the last kept fix, seconds. Default 0 (off)."),
        ],
        guarantees: [.preservesOrder, .preservesPositions], drops: .leftOut)

    /// Metres.
    public var minimumStep: Double
    /// Seconds.
    public var minimumInterval: Double

    public init(parameters: StageParameters) throws {
        minimumStep = try parameters.number("min-step")
        minimumInterval = try parameters.number("min-interval")
    }

    public func makeProcessor(context: StageContext) throws -> any FixProcessor { Processor(stage: self) }

    struct Processor: FixProcessor {
        let stage: ThinStage
        /// The last kept fix's segment, position and time (not the fix: copying 144 bytes per fix cost more than
        /// the arithmetic).
        var lastKept: (segment: Int, point: GeoPoint, time: Double?)?
        /// A flat frame at the last kept fix: the step from it and the step from the previous fix are measured
        /// there without trigonometry (a new frame per kept fix, not per fix).
        var frame: TangentFrame?
        var previous: (segment: Int, point: GeoPoint, inFrame: (east: Double, north: Double)?)?
        /// Path length in and kept, metres.
        var before = 0.0, after = 0.0

        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            // Thinning drops most fixes (1700 of the reference run's 2300 at 10 m): their drops stored once.
            if previous == nil, stage.minimumStep > 0 || stage.minimumInterval > 0 { out.expectDropsOfMostFixes() }
            let point = fix.point
            let here = frame?.project(point)
            if let previous, previous.segment == fix.segment {
                before += TangentFrame.distance(previous.point, previous.inFrame, point, here)
            }
            previous = (fix.segment, point, here)
            if let last = lastKept, last.segment == fix.segment {
                let step = TangentFrame.distance(last.point, frame == nil ? nil : (0, 0), point, here)
                if step < stage.minimumStep {
                    out.drop(fix, rule: "min-step", measured: step, threshold: stage.minimumStep, unit: .metres)
                    return
                }
                if let t0 = last.time, let t1 = fix.time, t1 - t0 < stage.minimumInterval {
                    out.drop(fix, rule: "min-interval", measured: t1 - t0, threshold: stage.minimumInterval, unit: .seconds)
                    return
                }
                after += step
            }
            lastKept = (fix.segment, point, fix.time)
            frame = TangentFrame(origin: point)
            previous?.inFrame = frame == nil ? nil : (0, 0)
            out.keep(fix)
        }

        mutating func finish(into out: inout StageEmitter) throws {
            out.summarizeLengthChange(key: SummaryKey.lengthChange, stage: "thin", before: before, after: after)
        }
    }
}
