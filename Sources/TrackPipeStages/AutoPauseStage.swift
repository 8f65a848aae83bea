import TrackPipe

/// `auto-pause`: finds where the runner stopped, marks those fixes paused, starts a new segment where the run
/// resumes and reports moving and elapsed time. Causal with a bounded hold-back. Never drops a fix.
///
/// Rules (`rule`):
/// - `region` (default, Runkeeper's rule): stopped once the runner has not left a circle of radius `radius`
///   around a fix (the anchor) for at least `window` seconds. Robust to GPS jitter while standing, which the
///   speed rule is not (see the notes: ±3 m of jitter at 1 Hz is an apparent 3 m/s).
/// - `speed` (second choice, Strava's rule for runs): stopped once every step for at least `window` seconds was
///   slower than `min-speed` (default 30 min/mile = 0.894 m/s). A step's speed is the device-reported speed
///   when the fix has one (Doppler, far less noisy), else distance / time from the previous fix.
///
/// What a pause does to the fixes: the anchor (where the runner arrived) stays moving — the step into it was
/// real movement; every later fix inside the pause gets `paused = true`, so no distance is counted into it;
/// the **last** paused fix — the spot the run resumes from — begins a new segment (`segment` + 1 for it and
/// every fix after it), so the first moving step after the pause is counted and a GPX writer starts a new
/// `<trkseg>` there. Changed fixes are reported with their originals.
///
/// Outputs: events `pause-start` (time = anchor time, sourceIndex = anchor; emitted live when the pause is
/// confirmed, `window` after it began) and `pause-end` (time = last paused fix; field `duration-s`); the
/// annotation ``PauseIntervalsKey`` (`[start, end]` = anchor time to last paused fix time); summary items
/// `elapsed-time` (last − first fix time, s), `moving-time` (elapsed minus pauses, s), `paused-time` (s).
///
/// Hold-back: while undecided the processor holds the fixes since the anchor — at most `window` seconds of
/// them — and during a pause exactly one (to know whether it is the last). Everything held is emitted by
/// `finish`. A fix without time, or a change of input segment, ends any candidate or pause.
///
/// Measured (see /work/notes/filters.md): on the reference run (truth: 2 stops of 81 s and 73 s) the defaults
/// find both; on f9k-rtk-drive the 9 stops of 41–127 s.
public struct AutoPauseStage: StreamingStage {
    public static let descriptor = StageDescriptor(
        name: "auto-pause",
        summary: "Mark fixes paused where the runner stopped (region/time or speed rule); moving and elapsed time.",
        discussion: """
            rule region (default, Runkeeper): stopped once the runner has not left a circle of radius metres \
            around a fix for window seconds. rule speed (Strava): stopped once every step for window seconds was \
            slower than min-speed (device speed when present, else distance/time). The arrival fix stays moving, \
            later fixes of the stop get paused = true (no distance counted into them), the last paused fix starts \
            a new segment. Events pause-start / pause-end {duration-s}; annotation pauses; summary elapsed-time, \
            moving-time, paused-time (s). Holds back at most window seconds of fixes; never drops.
            """,
        parameters: [
            .choice(
                "rule", AutoPauseRule.allCases.map(\.rawValue), default: AutoPauseRule.region.rawValue,
                help: "region: not left a circle of radius within window (Runkeeper; robust to standing jitter). "
                    + "speed: slower than min-speed for window (Strava). Default region."),
            .number(
                "radius", unit: .metres, default: 10, range: .positive,
                help: "Region rule: radius of the circle the runner must not leave, metres. Default 10 m: above a "
                    + "phone's standing drift over the window, below the 25 m a slow 2.5 m/s runner covers in 10 s."),
            .number(
                "window", unit: .seconds, default: 10, range: .positive,
                help: "How long the rule must hold before the runner counts as stopped, seconds (also the most "
                    + "a live app waits to decide). Default 10 s: short enough for traffic lights, long enough "
                    + "that a runner turning on the spot is not paused."),
            .number(
                "min-speed", unit: .metresPerSecond, default: 1609.344 / 1800, range: .positive,
                help: "Speed rule: slower than this counts as stopped, m/s. Default 0.894 m/s = a 30 min/mile "
                    + "pace, Strava's threshold for runs."),
        ]
    )

    public var rule: AutoPauseRule
    public var radius: Double
    public var window: Double
    public var minSpeed: Double

    public init(parameters: StageParameters) throws {
        rule = try parameters.choice("rule")
        radius = try parameters.number("radius")
        window = try parameters.number("window")
        minSpeed = try parameters.number("min-speed")
    }

    public func makeProcessor(context: StageContext) throws -> any FixProcessor {
        Processor(stage: self)
    }

    /// True when `fix` keeps the runner stopped: within `radius` of `anchor` (region rule), or reached from
    /// `previous` slower than `min-speed` (speed rule).
    func staysStopped(anchor: Fix, previous: Fix, fix: Fix) -> Bool {
        switch rule {
        case .region:
            return Geodesy.distance(anchor.point, fix.point) <= radius
        case .speed:
            if let v = fix.speed, v.isFinite, v >= 0 { return v < minSpeed }
            guard let t0 = previous.time, let t1 = fix.time else { return false }
            let d = Geodesy.distance(previous.point, fix.point)
            let dt = t1 - t0
            guard dt > 0 else { return d == 0 }
            return d / dt < minSpeed
        }
    }

    struct Processor: FixProcessor {
        let stage: AutoPauseStage
        /// Undecided fixes since the candidate anchor (`held[0]`); all keep the runner stopped so far.
        var held: [Fix] = []
        /// During a confirmed pause: its anchor and the latest paused fix, not yet emitted.
        var pauseAnchor: Fix?
        var lastPaused: Fix?
        /// Added to every fix's segment: one per pause the run resumed from.
        var segmentOffset = 0
        var intervals: [PauseInterval] = []
        var firstTime: Double?
        var lastTime: Double?

        init(stage: AutoPauseStage) { self.stage = stage }

        mutating func emit(_ fix: Fix, paused: Bool, into out: inout StageEmitter) {
            var updated = fix
            updated.paused = fix.paused || paused
            updated.segment = fix.segment + segmentOffset
            if updated == fix { out.keep(fix) } else { out.keep(updated, changedFrom: fix) }
        }

        mutating func flushHeldAsMoving(into out: inout StageEmitter) {
            for f in held { emit(f, paused: false, into: &out) }
            held.removeAll()
        }

        /// Ends the confirmed pause at its last paused fix; `resumes` when the run goes on in the same segment.
        mutating func endPause(resumes: Bool, into out: inout StageEmitter) {
            guard let anchor = pauseAnchor, let last = lastPaused else { return }
            if resumes { segmentOffset += 1 }
            emit(last, paused: true, into: &out)
            let start = anchor.time ?? 0
            let end = last.time ?? start
            intervals.append(PauseInterval(start: start, end: end, firstSourceIndex: anchor.sourceIndex,
                                           lastSourceIndex: last.sourceIndex))
            out.emit("pause-end", time: last.time, sourceIndex: last.sourceIndex,
                     fields: ["duration-s": .number(end - start)])
            pauseAnchor = nil
            lastPaused = nil
        }

        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            guard let t = fix.time, t.isFinite else {
                endPause(resumes: false, into: &out)
                flushHeldAsMoving(into: &out)
                emit(fix, paused: false, into: &out)
                return
            }
            if firstTime == nil { firstTime = t }
            lastTime = max(lastTime ?? t, t)
            // A stack (next fix last) instead of recursion: releasing an anchor re-judges the held fixes,
            // which may release again; iterating keeps the stack depth constant on any input.
            var pending = [fix]
            while let next = pending.popLast() {
                pending.append(contentsOf: advance(next, into: &out).reversed())
            }
        }

        /// Judges one fix; returns fixes to re-judge, in order, when the candidate anchor was released.
        mutating func advance(_ fix: Fix, into out: inout StageEmitter) -> [Fix] {
            if let anchor = pauseAnchor, let last = lastPaused {
                if fix.segment != last.segment {
                    endPause(resumes: false, into: &out)
                } else if stage.staysStopped(anchor: anchor, previous: last, fix: fix) {
                    emit(last, paused: true, into: &out)
                    lastPaused = fix
                    return []
                } else {
                    endPause(resumes: true, into: &out)
                }
            }
            guard let anchor = held.first, let previous = held.last else {
                held = [fix]
                return []
            }
            if fix.segment != anchor.segment {
                flushHeldAsMoving(into: &out)
                held = [fix]
                return []
            }
            if stage.staysStopped(anchor: anchor, previous: previous, fix: fix) {
                held.append(fix)
                if let t0 = anchor.time, let t1 = fix.time, t1 - t0 >= stage.window {
                    out.emit("pause-start", time: t0, sourceIndex: anchor.sourceIndex)
                    emit(anchor, paused: false, into: &out)
                    for f in held.dropFirst().dropLast() { emit(f, paused: true, into: &out) }
                    pauseAnchor = anchor
                    lastPaused = fix
                    held.removeAll()
                }
                return []
            }
            // The anchor was not a stop: release it and re-judge the rest from the next anchor.
            let rest = Array(held.dropFirst()) + [fix]
            held.removeAll()
            emit(anchor, paused: false, into: &out)
            return rest
        }

        mutating func finish(into out: inout StageEmitter) throws {
            endPause(resumes: false, into: &out)
            flushHeldAsMoving(into: &out)
            let elapsed = (firstTime != nil && lastTime != nil) ? (lastTime ?? 0) - (firstTime ?? 0) : 0
            let paused = intervals.reduce(0) { $0 + $1.duration }
            out.annotate(PauseIntervalsKey.self, intervals)
            out.summarize("elapsed-time", label: "Elapsed time", value: elapsed, unit: .seconds)
            out.summarize("moving-time", label: "Moving time", value: max(0, elapsed - paused), unit: .seconds)
            out.summarize("paused-time", label: "Paused time", value: paused, unit: .seconds)
        }
    }
}
