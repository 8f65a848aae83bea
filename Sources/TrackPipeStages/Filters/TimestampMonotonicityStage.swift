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
/// **Clock re-anchoring** (`reanchor-after`, default 5). A system clock that steps — back, or forward for a
/// while and then back — would otherwise make every later fix `not-later` until the clock passes the last
/// accepted time again: a minute forward costs a minute of fixes, an hour forward the rest of the run. So fixes
/// that are earlier than the last accepted one but strictly later than each other, at most 10 s apart, and
/// continuing the track (the first within the activity's jump speed × the usual step of the last accepted fix,
/// each next within that speed × its step, accuracy radii subtracted) are held; when `reanchor-after` of them
/// follow one another the clock is re-anchored: they and every later fix are re-stamped by the offset that puts
/// the first of them one usual step after the last accepted fix (a `clock-reanchor` event gives the offset), so
/// time stays strictly increasing, durations are kept and no fix is lost; absolute times after the step carry
/// the offset. A fix among them that does not continue them but comes within 10 s of the last (a duplicate, a
/// swapped row, a jump) is dropped as `not-later` on its own, and the run goes on. A run of fewer (a swapped row,
/// a duplicate in the ordinary clock) is dropped as `not-later`, one fix late. Offline,
/// `timestamp-repair` first restores true times where it can; this keeps what it cannot.
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
            whole-track stage timestamp-repair instead (sort or repair). Live clock steps: after reanchor-after \
            consecutive earlier fixes that continue the track, the clock is re-anchored (those and later fixes \
            re-stamped by one offset, event clock-reanchor) instead of dropping the rest of the run. Output time \
            is strictly increasing.
            """,
        parameters: [
            .boolean(
                "prefer-accurate-duplicate", default: true,
                help: "Of two fixes with the same time keep the more accurate (smaller horizontal accuracy, m); ties "
                    + "keep the first. Costs one fix of hold-back live. Default true: the better-measured report of "
                    + "an instant is the better guess. false keeps the first with no hold-back."),
            .integer(
                "reanchor-after", default: 5, range: .closed(0, 100),
                help: "Fixes: this many consecutive fixes earlier than the last accepted one, strictly later than "
                    + "each other, at most 10 s apart and continuing the track within the activity's jump speed "
                    + "re-anchor the clock (they and all later fixes re-stamped by one offset; event clock-reanchor) "
                    + "instead of being dropped as not-later until the clock catches up. 0 never re-anchors. "
                    + "Default 5: a swapped row or a duplicate is one fix, a clock step every fix after it."),
        ],
        guarantees: [.preservesOrder, .strictlyIncreasingTime]
    )

    public var preferAccurateDuplicate: Bool
    public var reanchorAfter: Int

    public init(parameters: StageParameters) throws {
        preferAccurateDuplicate = try parameters.bool("prefer-accurate-duplicate")
        reanchorAfter = try parameters.integer("reanchor-after")
    }

    public func makeProcessor(context: StageContext) throws -> any FixProcessor {
        Processor(preferAccurate: preferAccurateDuplicate, reanchorAfter: reanchorAfter,
                  maxSpeed: JumpSpeedLimit.maxSpeed(for: context.activity))
    }

    /// The longest step between the fixes of a run that can re-anchor the clock, seconds.
    static let reanchorMaximumStep = 10.0

    /// True when `candidate` should replace `incumbent` as the one fix kept for their shared time: it has a
    /// valid accuracy that is strictly smaller (a valid accuracy beats a missing or invalid one).
    static func isMoreAccurate(_ candidate: Fix, than incumbent: Fix) -> Bool {
        guard candidate.hasValidHorizontalAccuracy, let c = candidate.horizontalAccuracy, c.isFinite else { return false }
        guard incumbent.hasValidHorizontalAccuracy, let i = incumbent.horizontalAccuracy, i.isFinite else { return true }
        return c < i
    }

    struct Processor: FixProcessor {
        let preferAccurate: Bool
        let reanchorAfter: Int
        /// The activity's jump speed, m/s: how fast a run of fixes may continue the track.
        let maxSpeed: Double
        /// Added to every fix's time since the last re-anchoring, seconds.
        var offset = 0.0
        /// Time (re-stamped) of the last accepted fix.
        var lastTime: Double?
        /// The last accepted fix as the input had it, and its usual step (its time minus the one before it).
        var lastAccepted: Fix?
        var lastStep: Double?
        /// With `preferAccurate`, the last accepted fix (``lastAccepted``) is held back until the next one is known
        /// (a later fix of the same time may be more accurate): its re-stamped time, `nil` when none is held. The
        /// fix itself is not kept twice (copying it in and out was eight copies of 144 bytes a fix).
        var heldTime: Double?
        /// Fixes earlier than the last accepted one that may be a clock step, held until they re-anchor the
        /// clock or turn out not to.
        var candidates: [Fix] = []

        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            guard let raw = fix.time, raw.isFinite else {
                out.drop(fix, rule: "missing-time", detail: "a fix without a time cannot be ordered")
                return
            }
            if let last = lastTime, raw + offset < last {
                if reanchorAfter > 0 {
                    if continuesCandidates(fix) {
                        candidates.append(fix)
                        if candidates.count >= reanchorAfter { try reanchor(into: &out) }
                        return
                    }
                    if let t0 = candidates.last?.time, raw - t0 <= TimestampMonotonicityStage.reanchorMaximumStep {
                        // An odd fix within the stepped stretch (a duplicate, a swapped row, a jump): dropped on
                        // its own, as it would be on the re-anchored clock; the candidates go on.
                        dropNotLater(fix, into: &out)
                        return
                    }
                    dropCandidates(into: &out)
                    if startsCandidates(fix) {
                        candidates = [fix]
                        if reanchorAfter == 1 { try reanchor(into: &out) }
                        return
                    }
                }
                dropNotLater(fix, into: &out)
                return
            }
            dropCandidates(into: &out)
            accept(fix, into: &out)
        }

        /// Takes a fix that is not earlier than the last accepted one (re-stamped by the offset).
        mutating func accept(_ original: Fix, into out: inout StageEmitter) {
            let t = (original.time ?? 0) + offset
            if let last = lastTime, t == last {
                if preferAccurate, heldTime != nil, let incumbent = lastAccepted,
                   TimestampMonotonicityStage.isMoreAccurate(original, than: incumbent) {
                    out.drop(incumbent, rule: "duplicate-time", measured: 0, threshold: 0, unit: .seconds,
                             detail: "same time as fix \(original.sourceIndex), which is more accurate")
                    heldTime = t
                    lastAccepted = original
                } else {
                    let winner = heldTime != nil ? "fix \(lastAccepted?.sourceIndex ?? 0), kept as at least as accurate"
                        : "the last accepted fix, kept as the first of the pair"
                    out.drop(original, rule: "duplicate-time", measured: 0, threshold: 0, unit: .seconds,
                             detail: "same time as \(winner)")
                }
                return
            }
            if let last = lastTime { lastStep = t - last }
            lastTime = t
            if preferAccurate {
                emitHeld(into: &out)
                heldTime = t
                lastAccepted = original
            } else {
                lastAccepted = original
                Self.keep(original, restampedTo: t, into: &out)
            }
        }

        /// Emits the held fix, if any (``heldTime``).
        mutating func emitHeld(into out: inout StageEmitter) {
            guard let t = heldTime, let fix = lastAccepted else { return }
            heldTime = nil
            Self.keep(fix, restampedTo: t, into: &out)
        }

        /// Keeps `original` at time `t`: as it is when `t` is its time, else re-stamped and recorded as changed.
        static func keep(_ original: Fix, restampedTo t: Double, into out: inout StageEmitter) {
            if t == original.time {
                out.keep(original)
            } else {
                var fix = original
                fix.time = t
                out.keep(fix, changedFrom: original)
            }
        }

        mutating func dropNotLater(_ fix: Fix, into out: inout StageEmitter) {
            out.drop(fix, rule: "not-later", measured: (fix.time ?? 0) + offset - (lastTime ?? 0), threshold: 0, unit: .seconds,
                     detail: "earlier than the last accepted fix")
        }

        mutating func dropCandidates(into out: inout StageEmitter) {
            guard !candidates.isEmpty else { return }
            for f in candidates { dropNotLater(f, into: &out) }
            candidates.removeAll(keepingCapacity: true)
        }

        /// True when `fix` could be the first fix after a clock step: within the jump speed of the last accepted
        /// fix over its usual step.
        func startsCandidates(_ fix: Fix) -> Bool {
            guard let last = lastAccepted else { return false }
            let step = min(max(lastStep ?? 1, 1), TimestampMonotonicityStage.reanchorMaximumStep)
            return Self.reachable(from: last, to: fix, in: step, maxSpeed: maxSpeed)
        }

        /// True when `fix` continues the held candidates: strictly later than the last, at most 10 s on, and
        /// within the jump speed of it.
        func continuesCandidates(_ fix: Fix) -> Bool {
            guard let previous = candidates.last, let t0 = previous.time, let t1 = fix.time else { return false }
            let dt = t1 - t0
            guard dt > 0, dt <= TimestampMonotonicityStage.reanchorMaximumStep else { return false }
            return Self.reachable(from: previous, to: fix, in: dt, maxSpeed: maxSpeed)
        }

        /// True when the step `a` → `b`, less both fixes' valid accuracy radii (`superman-jump`'s measure), is at
        /// most `maxSpeed` × `dt`.
        static func reachable(from a: Fix, to b: Fix, in dt: Double, maxSpeed: Double) -> Bool {
            guard DistanceAccumulator.hasValidCoordinates(a), DistanceAccumulator.hasValidCoordinates(b) else { return false }
            return JumpSpeedLimit.effectiveDistance(from: a, to: b) <= maxSpeed * dt
        }

        /// Re-stamps the clock so the held candidates follow the last accepted fix by its usual step, and
        /// accepts them.
        mutating func reanchor(into out: inout StageEmitter) throws {
            guard let first = candidates.first, let raw = first.time, let last = lastTime else { return }
            let step = min(max(lastStep ?? 1, 1e-3), TimestampMonotonicityStage.reanchorMaximumStep)
            offset = last + step - raw
            out.emit("clock-reanchor", time: raw, sourceIndex: first.sourceIndex,
                     fields: ["offset": .number(offset), "fixes": .number(Double(candidates.count))])
            let pending = candidates
            candidates.removeAll(keepingCapacity: true)
            for f in pending { accept(f, into: &out) }
        }

        mutating func finish(into out: inout StageEmitter) throws {
            dropCandidates(into: &out)
            emitHeld(into: &out)
        }
    }
}
