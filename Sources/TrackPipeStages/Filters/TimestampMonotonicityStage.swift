import TrackPipe

/// `timestamp-monotonicity`: makes time strictly increasing by dropping, causally, every fix that is not
/// strictly later than the last accepted one.
///
/// Rules:
/// - `missing-time` — the fix has no time (or a non-finite one): it cannot be ordered.
/// - `not-later` — the fix's time is earlier than the last accepted fix's (out of order, a swapped row, a
///   backward clock step). Measured: the time step (negative, s); threshold 0 s.
/// - `duplicate-time` — the same time as the last accepted fix. When the two positions differ, the **more
///   accurate** of the pair is kept (smaller valid horizontal accuracy; a fix with a valid accuracy beats one
///   without): two reports of one instant cannot both be right, and the better-measured one is the better
///   guess. On a tie the earlier in the file is kept (what a plain "keep first" would do, and what the Kalman
///   reference's cleaning does). Measured: the time step 0 s; threshold 0 s; the detail says which fix won.
///
/// **Hold-back.** Choosing the more accurate of a duplicate pair needs to see the second fix before the first
/// is released, so with `prefer-accurate-duplicate` (default true) the processor holds back exactly **one**
/// fix — the last accepted one — and releases it when a strictly later fix arrives (or at the end). Live,
/// that is one sampling interval of latency (1 s at 1 Hz). With `prefer-accurate-duplicate` false nothing
/// is held back and the first of a duplicate pair is kept.
///
/// Whole-track policies (stable sort, clock-jump repair) live in the separate non-streaming stage
/// `timestamp-repair`, so that every stage that claims to be causal really runs live.
///
/// Limitation, by design of a causal rule: live, after a backward clock jump every fix is dropped as
/// `not-later` until the clock passes the last accepted time again; offline, run `timestamp-repair` first.
///
/// Measured on the Kalman reference run, Tests/Data/reference/kalman/input_2300.csv (3 duplicate rows, 5
/// swapped pairs): 8 drops; duplicates precision 1.00 / recall 1.00 (the flagged duplicate is the
/// later row of an equal-accuracy pair, so the tie rule drops exactly it); swapped pairs: one row of each of
/// the 5 pairs dropped (the causal rule cannot restore the order, it can only drop the late row).
public struct TimestampMonotonicityStage: StreamingStage {
    public static let descriptor = StageDescriptor(
        name: "timestamp-monotonicity",
        summary: "Drop fixes that are not strictly later than the last accepted one (out of order, duplicate time).",
        discussion: """
            Causal: drops a fix without time (missing-time), earlier than the last accepted fix (not-later, \
            measured = the negative time step), or at the same time (duplicate-time). Of a duplicate pair the more \
            accurate fix is kept (tie: the earlier in the file), which needs one fix of hold-back: the last \
            accepted fix is released when a strictly later fix arrives. Set prefer-accurate-duplicate to false \
            for zero latency (keep the first). For files whose order is scrambled or whose clock jumps, use the \
            whole-track stage timestamp-repair instead (sort or repair). Output time is strictly increasing.
            """,
        parameters: [
            .boolean(
                "prefer-accurate-duplicate", default: true,
                help: "Of two fixes with the same time keep the more accurate (smaller horizontal accuracy, m); ties "
                    + "keep the first. Costs one fix of hold-back live. Default true: the better-measured report of "
                    + "an instant is the better guess. false keeps the first with no hold-back."),
        ],
        guarantees: [.preservesOrder, .strictlyIncreasingTime, .preservesPositions]
    )

    public var preferAccurateDuplicate: Bool

    public init(parameters: StageParameters) throws {
        preferAccurateDuplicate = try parameters.bool("prefer-accurate-duplicate")
    }

    public func makeProcessor(context: StageContext) throws -> any FixProcessor {
        Processor(preferAccurate: preferAccurateDuplicate)
    }

    /// True when `candidate` should replace `incumbent` as the one fix kept for their shared time: it has a
    /// valid accuracy that is strictly smaller (a valid accuracy beats a missing or invalid one).
    static func isMoreAccurate(_ candidate: Fix, than incumbent: Fix) -> Bool {
        guard candidate.hasValidHorizontalAccuracy, let c = candidate.horizontalAccuracy, c.isFinite else { return false }
        guard incumbent.hasValidHorizontalAccuracy, let i = incumbent.horizontalAccuracy, i.isFinite else { return true }
        return c < i
    }

    struct Processor: FixProcessor {
        let preferAccurate: Bool
        /// Time of the last accepted fix.
        var lastTime: Double?
        /// The last accepted fix, not yet emitted (only with `preferAccurate`).
        var held: Fix?

        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            guard let t = fix.time, t.isFinite else {
                out.drop(fix, rule: "missing-time", detail: "a fix without a time cannot be ordered")
                return
            }
            if let last = lastTime {
                if t < last {
                    out.drop(fix, rule: "not-later", measured: t - last, threshold: 0, unit: .seconds,
                             detail: "earlier than the last accepted fix")
                    return
                }
                if t == last {
                    if preferAccurate, let incumbent = held, TimestampMonotonicityStage.isMoreAccurate(fix, than: incumbent) {
                        out.drop(incumbent, rule: "duplicate-time", measured: 0, threshold: 0, unit: .seconds,
                                 detail: "same time as fix \(fix.sourceIndex), which is more accurate")
                        held = fix
                    } else {
                        let winner = held.map { "fix \($0.sourceIndex), kept as at least as accurate" }
                            ?? "the last accepted fix, kept as the first of the pair"
                        out.drop(fix, rule: "duplicate-time", measured: 0, threshold: 0, unit: .seconds,
                                 detail: "same time as \(winner)")
                    }
                    return
                }
            }
            lastTime = t
            if preferAccurate {
                if let h = held { out.keep(h) }
                held = fix
            } else {
                out.keep(fix)
            }
        }

        mutating func finish(into out: inout StageEmitter) throws {
            if let h = held { out.keep(h) }
            held = nil
        }
    }
}
