import TrackPipe

/// `timestamp-repair`: the whole-track (offline) companion of `timestamp-monotonicity`, for files whose order
/// is scrambled or whose clock jumps. Not causal: sorting needs the whole track, and a clock jump is only
/// recognisable against the track's own sampling interval. It is a separate stage (rather than a policy of
/// `timestamp-monotonicity`) so that a stage's causality is a property of its type: a live pipeline that
/// contains it is refused by name, and `timestamp-monotonicity` always runs live.
///
/// Policies (`policy`):
/// - `sort`: drop fixes without time (`missing-time`), stable-sort the rest by time, then keep one fix per time
///   (`duplicate-time`: the more accurate; tie → the earlier in the file, as `timestamp-monotonicity` does).
///   Clock jumps are detected and reported as `clock-jump` events but not repaired.
/// - `repair` (default): as `sort`, but first re-base the fixes after every detected clock jump so the jump
///   step becomes one sampling interval; every re-stamped fix is reported as changed (`keep(_:changedFrom:)`).
///   Sorting after the repair then restores the order of swapped rows without scrambling the track.
///
/// Detection (`ClockJumpDetector`): a time step that deviates from the median sampling interval by at least
/// `min-jump` seconds while the position moves a normal step (≤ `max-step-factor` × the median step length,
/// plus both accuracy radii). Backward jumps always count; forward ones only when `detect-forward-jumps` is set
/// or a later backward jump cancels them, because a logger that stops recording while stationary looks exactly
/// like a forward jump (measured: mtk_logger.gpx 4226 s with 0 m moved, whitchurch devices 150–216 s).
///
/// Event `clock-jump`: time = the fix's original time, sourceIndex = first fix after the jump; fields
/// `size-s` (jump, s, negative = backwards), `step-s` (recorded time step, s), `distance-m` (m moved),
/// `interval-s` (sampling interval, s), `repaired` (bool).
///
/// Measured on the Kalman reference run (Tests/Data/reference/kalman/input_2300.csv): no clock jumps reported (it has none); 5 swapped
/// pairs restored to order (kept, not dropped); 3 duplicates dropped, precision 1.00 / recall 1.00.
public struct TimestampRepairStage: Stage {
    public static let descriptor = StageDescriptor(
        name: "timestamp-repair",
        summary: "Offline: stable-sort by time, keep one fix per time, detect (and with policy repair, undo) clock jumps.",
        discussion: """
            Whole-track, not causal (cannot run live). policy sort: drop fixes without time, stable sort, keep the \
            more accurate fix of each time (tie: the first in the file). policy repair (default): before sorting, \
            re-base every fix after a clock jump on the sampling interval (reported as changed fixes). A clock \
            jump is a time step at least min-jump seconds away from the median sampling interval while the \
            position moves a normal step (≤ max-step-factor × median step + both accuracy radii). Backward jumps \
            always count; forward jumps only with detect-forward-jumps or when a later backward jump cancels \
            them, because loggers that stop recording while stationary produce forward gaps with no movement. \
            Events: clock-jump {size-s, step-s, distance-m, interval-s, repaired}.
            """,
        parameters: [
            .choice(
                "policy", TimestampRepairPolicy.allCases.map(\.rawValue), default: TimestampRepairPolicy.repair.rawValue,
                help: "sort: stable sort + one fix per time, jumps only reported. repair: re-base the fixes after each "
                    + "clock jump on the sampling interval, then sort. Default repair: sorting a track whose clock "
                    + "jumped back scrambles it."),
            .number(
                "min-jump", unit: .seconds, default: 60, range: .positive,
                help: "Smallest deviation from the sampling interval, seconds, judged a clock jump. Default 60 s: "
                    + "well above swapped rows and sampling jitter (a few s), well below the hour-sized time-zone "
                    + "and the day-sized clock jumps."),
            .number(
                "max-step-factor", unit: .ratio, default: 3, range: .positive,
                help: "A jump's position step must be at most this many median step lengths (plus both accuracy "
                    + "radii, m). Default 3: a normal step varies with pace; a real signal gap of a minute or more "
                    + "moves a moving runner many steps."),
            .boolean(
                "detect-forward-jumps", default: false,
                help: "Also treat a forward time step with a normal position step as a clock jump. Default false: "
                    + "loggers that stop recording while stationary look the same (mtk_logger.gpx: 4226 s, 0 m)."),
        ],
        guarantees: [.strictlyIncreasingTime]
    )

    public var policy: TimestampRepairPolicy
    var detector: ClockJumpDetector

    public init(parameters: StageParameters) throws {
        policy = try parameters.choice("policy")
        detector = ClockJumpDetector(
            minJump: try parameters.number("min-jump"),
            maxStepFactor: try parameters.number("max-step-factor"),
            detectForward: try parameters.bool("detect-forward-jumps"))
    }

    public func run(_ input: StageInput) throws -> StageOutput {
        var out = StageEmitter(label: input.context.label)
        out.reserveCapacity(kept: input.fixes.count)  // kept once, not re-copied as the list grows
        // The fixes with a time (all of them, usually: then the input array itself, not a copy).
        let timed: [Fix]
        if input.fixes.allSatisfy({ $0.time?.isFinite == true }) {
            timed = input.fixes
        } else {
            var some: [Fix] = []
            some.reserveCapacity(input.fixes.count)
            for fix in input.fixes {
                if let t = fix.time, t.isFinite {
                    some.append(fix)
                } else {
                    out.drop(fix, rule: "missing-time", detail: "a fix without a time cannot be ordered")
                }
            }
            timed = some
        }
        let jumps = detector.detect(timed)
        let interval = jumps.isEmpty ? 0 : ClockJumpDetector.samplingInterval(timed) ?? 0  // for the events only
        let repairing = policy == .repair
        for jump in jumps {
            out.emit("clock-jump", time: timed[jump.index].time, sourceIndex: jump.sourceIndex, fields: [
                "size-s": .number(jump.size), "step-s": .number(jump.step), "distance-m": .number(jump.distance),
                "interval-s": .number(interval), "repaired": .bool(repairing),
            ])
        }

        // Each fix's re-stamped time; the re-stamped fix itself is made only when it is kept.
        var times: [Double] = []
        times.reserveCapacity(timed.count)
        var shift = 0.0
        var nextJump = 0
        var inOrder = true
        for (i, fix) in timed.enumerated() {
            while repairing, nextJump < jumps.count, jumps[nextJump].index == i {
                shift += jumps[nextJump].size
                nextJump += 1
            }
            let t = (fix.time ?? 0) - shift
            if let last = times.last, t < last { inOrder = false }
            times.append(t)
        }
        // Stable sort by time (indices break ties in file order) — nothing to sort when the times already ascend,
        // as they do in almost every recording (the sort was most of this stage's time at 230 000 fixes).
        // Sorted as (time, index) pairs side by side rather than indices compared through `times`.
        let order: [Int] = inOrder
            ? []
            : times.enumerated().map { (time: $0.element, index: $0.offset) }
                .sorted { $0.time != $1.time ? $0.time < $1.time : $0.index < $1.index }.map(\.index)
        // Read in place: slices of `order` and a closure over the arrays retained and released them for every fix
        // (a third of this stage's time at 230 000 fixes).
        timed.withUnsafeBufferPointer { timed in
            times.withUnsafeBufferPointer { times in
                order.withUnsafeBufferPointer { order in
                    let count = timed.count
                    @inline(__always) func at(_ k: Int) -> Int { inOrder ? k : order[k] }
                    var k = 0
                    while k < count {
                        let first = at(k)
                        var end = k + 1
                        while end < count, times[at(end)] == times[first] { end += 1 }
                        var winner = first
                        for m in (k + 1)..<end where TimestampMonotonicityStage.isMoreAccurate(timed[at(m)], than: timed[winner]) {
                            winner = at(m)
                        }
                        for m in k..<end where at(m) != winner {
                            out.drop(timed[at(m)], rule: "duplicate-time", measured: 0, threshold: 0, unit: .seconds,
                                     detail: "same time as fix \(timed[winner].sourceIndex), kept as at least as accurate")
                        }
                        // Only the time changes (comparing whole fixes cost more).
                        if times[winner] == timed[winner].time {
                            out.keep(timed[winner])
                        } else {
                            var kept = timed[winner]
                            kept.time = times[winner]
                            out.keep(kept, changedFrom: timed[winner])
                        }
                        k = end
                    }
                }
            }
        }
        return out.output
    }
}
