import TrackPipe

/// `auto-pause`: finds where the runner stopped, marks those fixes paused, starts a new segment where the run
/// resumes and reports moving and elapsed time. Causal with a bounded hold-back. Never drops a fix.
///
/// Rules (`rule`):
/// - `region` (default, Runkeeper's rule): stopped once the runner has not left a circle of radius `radius`
///   for at least `window` seconds. The circle is centred on the centroid of the fixes in it (`StopRegion`):
///   a standing phone's fixes scatter independently, and distances to their mean scatter less than distances
///   to any one of them. A steady pace v is judged stopped when v·window/2 ≤ radius, i.e. below
///   2·radius/window (1.0 m/s with the defaults). Robust to standing jitter without a device speed, which the
///   speed rule is not: on the reference run the speed rule from positions alone finds no stop at all
///   (±5 m of jitter at 1 Hz is an apparent several m/s). Where the fixes carry the receiver's speed
///   (Doppler), a candidate whose fixes after its anchor average 2·radius/window or faster is moving whatever
///   circle they stay in: a walk at 1.1 m/s that winds within 15 m for 30 s is not a stop (the Garmin Fenix
///   run: two such walks).
/// - `speed` (second choice, Strava's rule for runs): stopped once every step for at least `window` seconds was
///   slower than `min-speed` (default 30 min/mile = 0.894 m/s). A step's speed is the device-reported speed
///   when the fix has one (Doppler, far less noisy), else distance / time from the previous fix.
///
/// Where a pause begins and ends (region rule; `edge-window`, default 6 s). The circle says *that* the runner
/// stopped, not *where*: its first fix is where the runner entered a 15 m circle still running, and a runner
/// walking out stays inside it for another 15 m. Pausing from circle to circle lost about 24 m of real running
/// per stop (stop-and-go dataset, 25 stops: −6.42 % distance with the default pipeline). So the ends are
/// trimmed by motion, at the rule's own speed v = 2·radius/window (1.0 m/s): a fix is *moving* when it lies
/// farther than v × (their mean time apart) from the mean of the fixes of the `edge-window` seconds after it
/// (arrival) or before it (departure) — a runner at pace v is exactly that far from the mean of its next or
/// last few positions, a standing phone only its jitter. A mean over several seconds, not single steps:
/// a standing phone's steps in a city are as fast as a runner's (1–3 m/s on the simulated urban runs).
/// - With the receiver's speed (Doppler) on a fix that follows the one before it within 2 s
///   (`StepMeasure.maximumSpeedStep`), that speed judges the fix instead: moving at v or faster. Positions find an
///   edge 2–3 s late; the speed within the second (accuracy sweep, city loop with speeds: −0.58 → −0.05 % of the
///   distance lost into pauses; the F9K RTK drive: 53.9 → 14.6 m over 9 stops). A sparser fix's speed may be
///   carried from before the stop (the Whitchurch MotoG3) and is not used at an edge.
/// - Arrival: when the held fixes are confirmed a stop, the pause's anchor is the first of them that is not
///   moving against the held fixes after it; the approach before it is emitted moving (a 3 m/s runner braking
///   at 1 m/s² is anchored 2 m before the spot).
/// - Departure: during the pause each fix is judged against the pause's fixes of the last `edge-window`
///   seconds. Moving fixes within the circle are held back as a possible walk-out; a standing fix means they
///   were jitter (all paused). Once 2 consecutive fixes are outside the circle (as before) the runner has left:
///   the pause ends at the last standing fix and the held walk-out is judged anew — moving. Held at most
///   `window`: a walk-out that has not left the circle by then joins the pause.
///
/// What a pause does to the fixes: the anchor (where the runner arrived) stays moving — the step into it was
/// real movement; every later fix inside the pause gets `paused = true`, so no distance is counted into it;
/// the **last** paused fix — the spot the run resumes from — begins a new segment (`segment` + 1 for it and
/// every fix after it), so the first moving step after the pause is counted and a GPX writer starts a new
/// `<trkseg>` there. `DistanceAccumulator` measures that step from the anchor (the running the pause's first and
/// last seconds take in counts). Changed fixes are reported with their originals.
///
/// Outputs: events `pause-start` (time = anchor time, sourceIndex = anchor; emitted live when the pause is
/// confirmed, `window` after the held fixes began) and `pause-end` (time = last paused fix; field
/// `duration-s`); the annotation `PauseIntervalsKey` (`[start, end]` = anchor time to last paused fix time);
/// summary items `elapsed-time` (last − first fix time, s), `moving-time` (elapsed minus pauses, s),
/// `paused-time` (s).
///
/// A pause ends only after 2 consecutive fixes outside the circle (or fast): one noisy fix of a standing phone
/// does not split a stop; the stray is marked paused when a later fix is standing again.
///
/// Hold-back: while undecided the processor holds the fixes since the candidate anchor — at most `window`
/// seconds of them — and during a pause the last paused fix and the possible walk-out after it (at most
/// `window` seconds). Everything held is emitted by `finish`. A fix without time, or a change of input
/// segment, ends any candidate or pause. The speed rule is unchanged: no trimming (its anchor is already the
/// fix before the first slow step, its end the last slow fix).
///
/// Measured on the Kalman reference run (after accuracy-gate, timestamp-monotonicity, superman-jump; truth:
/// 157 fixes with true speed < 0.1 m/s in 2 stops of 81 s and 73 s; re-measured by the test
/// `AutoPauseStageTests.referenceRunStops`): the defaults find both stops, each as one pause, per-fix
/// precision 0.975, recall 0.987; the speed rule 0.975, 0.987. The recall on short stops is capped by `window`: stops shorter than
/// it are never paused. Figures on the simulated runs, and why the defaults are 15 m / 30 s / 6 s: the
/// AutoPause article.
public struct AutoPauseStage: StreamingStage {
    public static let descriptor = StageDescriptor(
        name: "auto-pause",
        summary: "Mark fixes paused where the runner stopped (region/time or speed rule); moving and elapsed time.",
        discussion: """
            rule region (default, Runkeeper): stopped once the runner has not left a circle of radius metres \
            (centred on the centroid of its fixes) for window seconds; a steady pace below 2·radius/window \
            (1.0 m/s with the defaults 15 m, 30 s) counts as stopped, unless the candidate's receiver (Doppler) \
            speeds average at least that; a pause ends after 2 fixes outside. The \
            pause is trimmed to where the runner stopped and started again: fixes moving faster than \
            2·radius/window against the mean of the fixes of the edge-window seconds after (arrival) or before \
            (departure) them stay moving; a fix with a receiver speed, within 2 s of the fix before it, is judged \
            by that speed instead. rule speed (Strava): stopped once every step for window seconds was \
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
                "radius", unit: .metres, default: 15, range: .positive,
                help: "Region rule: radius of the circle (about the centroid of the fixes) the runner must not leave, "
                    + "metres. Default 15 m: about 3σ of a standing phone's scatter on the reference run; with the "
                    + "30 s window a steady pace below 2·radius/window = 1.0 m/s (27 min/mile, near Strava's 30) "
                    + "counts as stopped. Reference run: precision 0.975, recall 0.987 per fix, both stops found."),
            .number(
                "edge-window", unit: .seconds, default: 6, range: .positive,
                help: "Region rule: how a stop's ends are found from positions, seconds (a fix with a receiver "
                    + "speed within 2 s of the fix before it is judged by that speed). The pause starts at the "
                    + "first held fix closer than 2·radius/window × their mean time apart to the mean of the "
                    + "fixes of the edge-window seconds after it (the approach before it stays moving) and ends at the last fix "
                    + "that close to the mean of those before it (the walk-out after it stays moving). Default 6 s, "
                    + "by distance without speeds (measured before gaps were held near their path): 20 simulated "
                    + "runs like stop-and-go, mean |error| 0.94 % (3 s: "
                    + "1.27 %, 10 s: 1.24 %); the accuracy sweep's city loops, 73 of 80 within 1.5 % (3 s: 76, 10 s: "
                    + "58); shorter windows split stops of a noisy city phone (urban-canyon pause recall 0.56 at 3 s, "
                    + "0.67 at 6 s). At most window."),
            .number(
                "window", unit: .seconds, default: 30, range: .positive,
                help: "How long the rule must hold before the runner counts as stopped, seconds; also the most a "
                    + "live app waits to decide. Default 30 s: with radius 15 m a 1.3 m/s walker is never paused "
                    + "(shorter windows pause walkers: at 20 s anything under 1.5 m/s counts as stopped)."),
            .number(
                "min-speed", unit: .metresPerSecond, default: 1609.344 / 1800, range: .positive,
                help: "Speed rule: slower than this counts as stopped, m/s. Default 0.894 m/s = a 30 min/mile "
                    + "pace, Strava's threshold for runs. Reference run with device speed and a 10 s window: "
                    + "precision 0.975, recall 0.987."),
        ],
        guarantees: [.preservesOrder, .preservesPositions]
    )

    public var rule: AutoPauseRule
    public var radius: Double
    public var window: Double
    public var minSpeed: Double
    public var edgeWindow: Double

    public init(parameters: StageParameters) throws {
        rule = try parameters.choice("rule")
        radius = try parameters.number("radius")
        window = try parameters.number("window")
        minSpeed = try parameters.number("min-speed")
        edgeWindow = min(try parameters.number("edge-window"), window)
    }

    public func makeProcessor(context: StageContext) throws -> any FixProcessor {
        Processor(stage: self, maximumSpeed: JumpSpeedLimit.maxSpeed(for: context.activity))
    }

    /// Speed rule: true when `fix` was reached from `previous` slower than `min-speed` (the device speed when
    /// the fix has one no faster than `maximumSpeed`, m/s — a faster one is corrupt —, else distance / time).
    func isSlow(previous: Fix, fix: Fix, maximumSpeed: Double) -> Bool {
        if let v = DopplerMean.Reading.speed(of: fix, maximumSpeed: maximumSpeed) { return v < minSpeed }
        guard let t0 = previous.time, let t1 = fix.time else { return false }
        let d = Geodesy.distance(previous.point, fix.point)
        let dt = t1 - t0
        guard dt > 0 else { return d == 0 }
        return d / dt < minSpeed
    }

    struct Processor: FixProcessor {
        let stage: AutoPauseStage
        /// The fastest receiver speed taken as one, m/s: the activity's jump limit (`superman-jump`'s), as
        /// `track-smoother` and the distance stages judge speeds; a faster one is corrupt and the fix is judged by
        /// its position.
        let maximumSpeed: Double
        /// Undecided fixes since the candidate anchor (`heldFixes[heldStart]`); all keep the runner stopped so far:
        /// `heldFixes[heldStart...]`, and the same positions of `heldOffsets` and `heldReadings`. Changed only
        /// through ``resetHeld(_:reading:)``, ``appendHeld(_:offset:reading:)``, ``clearHeld()`` and
        /// ``reanchorInPlace(into:)``, which releases the first held fixes by moving `heldStart` and moves the
        /// rest down only once `heldStart` reaches ``compactionStart``: a moving runner releases an anchor at almost
        /// every fix, and moving the held fixes down each time was 14 % of the stage on the reference run.
        private(set) var heldFixes: [Fix] = []
        private var heldStart = 0
        /// The held fixes (for tests and the rare paths that take them whole).
        var held: ArraySlice<Fix> { heldFixes[heldStart...] }
        /// How many fixes are held.
        var heldCount: Int { heldFixes.count - heldStart }
        /// Released fixes ``reanchorInPlace(into:)`` leaves at the front of the three lists before moving the held
        /// ones down.
        static let compactionStart = 64
        /// Region rule: the circle of the held fixes (in a frame about the anchor, `held.first`, or about a fix
        /// released before it, at most ``sharedFrameReach`` away) and each held fix's offset in it, kept as fixes
        /// are held so a new fix is judged without re-projecting the others (judging used to rebuild the circle
        /// from every held fix for every new one, and again for each fix re-judged after a released anchor:
        /// O(window²) projections and an allocation per fix).
        private var heldRegion: StopRegion?
        private var heldOffsets: [(east: Double, north: Double)] = []
        /// Receiver speeds of the held fixes after the anchor (`held.dropFirst()`), summed in order as fixes are
        /// held, so ``movesByDoppler(_:_:)`` adds one fix rather than re-summing the candidate for each.
        private var heldDoppler = DopplerMean()
        /// The time (s) of the fix emitted last: the one before a candidate stop's anchor (``awaitsDopplerVerdict(_:)``).
        private var lastEmittedTime: Double?
        /// Region rule: each held fix's receiver speed and velocity (`DopplerMean.Reading`, `nil` without a usable
        /// speed), worked out once as it is held: a released anchor re-judges every held fix, and a course's
        /// velocity costs a sine and a cosine.
        private var heldReadings: [DopplerMean.Reading?] = []
        /// Fixes still to judge, next last (reused between pushes).
        private var pending: [Fix] = []
        /// False to re-judge released held fixes through the stack always (tests compare the two ways).
        var reanchorsInPlace = true
        /// During a confirmed pause: its anchor and the latest standing fix, not yet emitted, and
        /// (region rule) the circle of the pause so far.
        var pauseAnchor: Fix?
        var pauseRegion: StopRegion?
        var lastPaused: Fix?
        /// The segment of `lastPaused`, `nil` outside a confirmed pause (`pauseAnchor` and `lastPaused` are set and
        /// cleared together), set beside it so the check every fix starts with reads a small value: asking the
        /// optional fixes copied each (144 bytes): the stage 5.09 → 4.53 M instructions on the reference run. (Kept
        /// by a `didSet` observer, it cost the speed rule two allocations per run.)
        private(set) var lastPausedSegment: Int?
        /// During a pause: the fixes after `lastPaused`, none standing (each ``PausePlace/departing`` or
        /// ``PausePlace/beyond``), held until the exit is decided: paused if a later fix is standing, moving
        /// (judged anew) once the runner has left.
        var leaving: [(fix: Fix, place: PausePlace)] = []
        /// Region rule, during a pause: time and offset (in the pause's circle) of its latest fixes, those of the
        /// last `edge-window` seconds — what a new fix is judged departing against.
        var recent: [(time: Double, east: Double, north: Double)] = []
        /// Consecutive fixes beyond the circle (or fast) that end a pause. 2 rather than 1: on the reference
        /// run a single noisy fix of a standing phone left the circle several times per stop and split it.
        static let resumeFixes = 2
        /// Added to every fix's segment: one per pause the run resumed from.
        var segmentOffset = 0
        var intervals: [PauseInterval] = []
        var firstTime: Double?
        var lastTime: Double?

        /// Region rule: the circle's radius, compared squared.
        let limit: DistanceLimit

        /// `maximumSpeed`: see ``maximumSpeed`` (m/s; ∞ takes every finite speed).
        init(stage: AutoPauseStage, maximumSpeed: Double) {
            self.stage = stage
            self.maximumSpeed = maximumSpeed
            limit = DistanceLimit(stage.radius)
            // Room for a moving runner's held fixes at 1 Hz, and the released ones before them (up to
            // `compactionStart`), from the start: one allocation each instead of seven doublings.
            if stage.rule == .region {
                heldFixes.reserveCapacity(2 * Self.compactionStart)
                heldReadings.reserveCapacity(2 * Self.compactionStart)
                heldOffsets.reserveCapacity(2 * Self.compactionStart)
            }
        }

        mutating func emit(_ fix: Fix, paused: Bool, into out: inout StageEmitter) {
            lastEmittedTime = fix.time
            // Unchanged (not newly paused, no pause before it): kept as it is, without a working copy.
            if fix.paused || !paused, segmentOffset == 0 {
                out.keep(fix)
                return
            }
            var updated = fix
            updated.paused = fix.paused || paused
            updated.segment = fix.segment + segmentOffset
            // Only these two fields change (comparing whole fixes cost more, and a NaN field made them unequal).
            if updated.paused == fix.paused, updated.segment == fix.segment { out.keep(fix) } else { out.keep(updated, changedFrom: fix) }
        }

        mutating func flushHeldAsMoving(into out: inout StageEmitter) {
            for f in heldFixes[heldStart...] { emit(f, paused: false, into: &out) }
            clearHeld()
        }

        /// Holds `fix` alone: it becomes the candidate anchor. `reading` is its `DopplerMean.Reading`.
        mutating func resetHeld(_ fix: Fix, reading: DopplerMean.Reading?) {
            clearHeld()
            heldFixes.append(fix)
            if stage.rule == .region {
                heldReadings.append(reading)
                let region = StopRegion(first: fix)
                heldOffsets.append(region.offset(of: fix))
                heldRegion = region
            }
        }

        /// Holds `fix` after the others; `offset` is its `StopRegion/offset(of:)` in the held circle, `reading` its
        /// `DopplerMean.Reading`.
        mutating func appendHeld(_ fix: Fix, offset: (east: Double, north: Double)?, reading: DopplerMean.Reading?) {
            if heldCount > 0, let reading { heldDoppler.add(reading) }
            heldFixes.append(fix)
            if stage.rule == .region { heldReadings.append(reading) }
            if let offset {
                heldRegion?.add(offset: offset)
                heldOffsets.append(offset)
            }
        }

        /// Moves the held fixes (and their offsets and readings) to the front of their lists.
        mutating func compactHeld() {
            guard heldStart > 0 else { return }
            heldFixes.removeFirst(heldStart)
            if heldReadings.count >= heldStart { heldReadings.removeFirst(heldStart) }
            if heldOffsets.count >= heldStart { heldOffsets.removeFirst(heldStart) }
            heldStart = 0
        }

        mutating func clearHeld() {
            heldFixes.removeAll(keepingCapacity: true)
            heldStart = 0
            heldOffsets.removeAll(keepingCapacity: true)
            heldReadings.removeAll(keepingCapacity: true)
            heldRegion = nil
            heldDoppler = DopplerMean()
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
            lastPausedSegment = nil
            pauseRegion = nil
            recent.removeAll()
        }

        /// Ends the pause (see ``endPause``) and returns the fixes held after it (the walk-out), to be judged
        /// anew.
        mutating func closePause(resumes: Bool, into out: inout StageEmitter) -> [Fix] {
            let walkOut = leaving.map(\.fix)
            leaving.removeAll()
            endPause(resumes: resumes, into: &out)
            return walkOut
        }

        /// Candidate stop (some fixes held): the held fixes plus `fix` all lie within `radius` of their centroid
        /// (region rule), or `fix` was reached slowly from the last held fix (speed rule). Region rule: also `fix`'s
        /// offset in the held circle, for ``appendHeld(_:offset:reading:)``. `reading` is `fix`'s `DopplerMean.Reading`.
        mutating func startsOrContinuesStop(_ fix: Fix, reading: DopplerMean.Reading?) -> (stop: Bool, offset: (east: Double, north: Double)?) {
            switch stage.rule {
            case .region:
                if movesByDoppler(heldDoppler, reading) { return (false, nil) }
                // Read in place (`heldRegion?.…`): binding the region to a local copied it, twice a fix.
                guard heldRegion?.hasFrame == true, let offset = heldRegion?.offset(of: fix),
                      let within = heldRegion?.allWithin(limit, offsets: heldOffsets[heldStart...], adding: offset) else {
                    // Within 1° of a pole: straight distances to the first fix, rebuilt (rare).
                    return (StopRegion.allWithin(stage.radius, Array(held) + [fix]), nil)
                }
                return (within, offset)
            case .speed:
                return (stage.isSlow(previous: heldFixes[heldFixes.count - 1], fix: fix, maximumSpeed: maximumSpeed), nil)
            }
        }

        /// Region rule: true when the receiver (Doppler) velocities of a candidate stop's fixes after its anchor
        /// (`candidate`, their ``DopplerMean``), `fix` included, average at least ``trimSpeed``: the runner is
        /// moving, whatever circle the positions stay in (a walk at 1.1 m/s that winds within 15 m for 30 s). The
        /// mean velocity when the fixes report a course (a speed without one counts as standing: receivers drop the
        /// course near standstill), else the mean speed; over at least three fixes, so a noisy speed or two of a
        /// standing receiver does not break a stop; the anchor is left out, as it may still be arriving. False when
        /// `fix` has no speed. `reading` is `fix`'s `DopplerMean.Reading` (`nil` without a usable speed).
        func movesByDoppler(_ candidate: DopplerMean, _ reading: DopplerMean.Reading?) -> Bool {
            guard let reading else { return false }
            var mean = candidate
            mean.add(reading)
            guard mean.count >= 3 else { return false }
            return (mean.hasCourse ? mean.velocity : mean.speed) >= trimSpeed
        }

        /// Region rule: true when the fix that completes a candidate stop's window says by its receiver speed that the
        /// runner moves (``trimSpeed`` or more) while fewer than three fixes after the anchor carry a speed, and the held
        /// fixes span a gap in a dense recording: a step longer than 2 s whose two fixes both move by their speeds, the
        /// first within 2 s of the fix before it (``isDense(_:_:)``: a receiver reporting every second, whose speeds
        /// are the moment's). Two positions either side of such a gap within the circle may be a runner who turned
        /// round inside it (an out-and-back's turn: 172 m run in a 48-s gap, the ends 10 m apart), so the stop waits
        /// for the next fixes: three speeds after the anchor then decide by ``movesByDoppler(_:_:)`` (moving: the
        /// anchor is released), a fix outside the circle releases it, a fix without a speed confirms it. A sparse
        /// logger is left out: the Whitchurch MotoG3 writes a fix every 3–4 s riding and minutes apart standing, each
        /// with a speed of the moment it moved (6–8 km/h), and its five stops of 45 s to 4 min are stops.
        func awaitsDopplerVerdict(_ reading: DopplerMean.Reading?) -> Bool {
            guard stage.rule == .region, let reading, reading.speed >= trimSpeed, heldDoppler.count < 3,
                  heldReadings.count == heldFixes.count else { return false }
            let gap = StepMeasure.maximumSpeedStep
            var before = lastEmittedTime
            for i in heldStart..<(heldFixes.count - 1) {
                let a = heldFixes[i].time, b = heldFixes[i + 1].time
                if let a, let b, b - a > gap, let before, a - before <= gap,
                   (heldReadings[i]?.speed ?? 0) >= trimSpeed, (heldReadings[i + 1]?.speed ?? 0) >= trimSpeed {
                    return true
                }
                before = a
            }
            return false
        }

        /// True when `b` follows `a` within `StepMeasure.maximumSpeedStep` (2 s): a receiver sampling that densely
        /// reports the speed of the moment; a logger writing a fix every 10 s, or only when it has moved, may
        /// carry a speed from before a stop into it (the Whitchurch MotoG3's fixes during stops, 30 s and more
        /// apart, report 1.7–2 m/s).
        func isDense(_ a: Fix, _ b: Fix) -> Bool {
            DistanceAccumulator.isShortStep(from: a, to: b)
        }

        /// The speed, m/s, that separates moving from standing when a stop's ends are trimmed: 2·radius/window,
        /// the steady pace the region rule itself counts as stopped (1.0 m/s with the defaults).
        var trimSpeed: Double { 2 * stage.radius / stage.window }

        /// Region rule: true when the fix at `point` (time `t`) is farther than ``trimSpeed`` × (the mean time
        /// between it and `others`) from the mean of `others` — the fixes of the `edge-window` seconds after it
        /// (arrival) or before it (departure): a runner at a steady pace v is v × that mean time from their mean,
        /// a standing phone only its jitter; false without others. Averaging over several seconds is what makes this robust: a standing phone's single steps
        /// are as fast as a runner's in a city (1–3 m/s on the simulated urban runs).
        func movesAgainst(_ t: Double, _ point: (east: Double, north: Double),
                          _ others: some Sequence<(time: Double, east: Double, north: Double)>) -> Bool {
            var n = 0.0, se = 0.0, sn = 0.0, st = 0.0
            for o in others {
                n += 1
                se += o.east
                sn += o.north
                st += abs(o.time - t)
            }
            guard n > 0 else { return false }
            let de = point.east - se / n, dn = point.north - sn / n
            return (de * de + dn * dn).squareRoot() > trimSpeed * st / n
        }

        /// Where `fix` lies in the confirmed pause. Region rule: beyond `radius` of the pause's centroid, else
        /// departing when its receiver speed is ``trimSpeed`` or more (a fix with a speed, ``isDense(_:_:)`` after
        /// `previous`) or, without one, when it moves against the fixes of the last `edge-window` seconds
        /// (``movesAgainst(_:_:_:)``), else standing. Speed rule: reached slowly from `previous` (standing) or fast
        /// (beyond). `offset` is `fix`'s `StopRegion/frameOffset(of:)` in the pause's circle, projected once by the
        /// caller.
        func place(previous: Fix, fix: Fix, offset: (east: Double, north: Double)?) -> PausePlace {
            switch stage.rule {
            case .region:
                guard let region = pauseRegion, let t = fix.time else { return .beyond }
                // Within 1° of a pole (no offset): straight distance to the pause's first fix.
                let outside = offset.map { region.distanceToCentroid(offset: $0) > stage.radius }
                    ?? (region.distanceToCentroid(fix) > stage.radius)
                if outside { return .beyond }
                if isDense(previous, fix), let speed = DopplerMean.Reading.speed(of: fix, maximumSpeed: maximumSpeed) {
                    return speed >= trimSpeed ? .departing : .standing
                }
                guard let o = offset else { return .standing }
                return movesAgainst(t, o, recent.lazy.filter { t - $0.time <= stage.edgeWindow }) ? .departing : .standing
            case .speed:
                return stage.isSlow(previous: previous, fix: fix, maximumSpeed: maximumSpeed) ? .standing : .beyond
            }
        }

        /// Region rule, once the held fixes are confirmed a stop: the index of the arrival — the first held fix
        /// slower than ``trimSpeed`` by its receiver speed (a fix with a speed, ``isDense(_:_:)`` after the one
        /// before it; the first held fix is judged by its step to the second) or, without one, that does not move
        /// against the held fixes of the `edge-window` seconds after it (``movesAgainst(_:_:_:)``); the fixes
        /// before it are the approach, still moving. 0 (no trim) for the speed rule; within 1° of a pole, where
        /// positions are not projected, by the receiver's speeds alone.
        func arrivalIndex() -> Int {
            guard stage.rule == .region, heldReadings.count == heldFixes.count, heldCount > 2 else { return 0 }
            let hasPositions = heldRegion?.hasFrame == true && heldOffsets.count == heldFixes.count
            let b = heldStart, n = heldCount  // held fix i is heldFixes[b + i]
            var i = 0
            while i < n - 3, let t = heldFixes[b + i].time {
                if let reading = heldReadings[b + i], isDense(heldFixes[b + max(i, 1) - 1], heldFixes[b + max(i, 1)]) {
                    if reading.speed < trimSpeed { break }
                    i += 1
                    continue
                }
                guard hasPositions else { break }
                let after = (i + 1)..<n
                let others = after.lazy.compactMap { j -> (time: Double, east: Double, north: Double)? in
                    guard let tj = self.heldFixes[b + j].time, tj - t <= self.stage.edgeWindow else { return nil }
                    return (tj, self.heldOffsets[b + j].east, self.heldOffsets[b + j].north)
                }
                if !movesAgainst(t, heldOffsets[b + i], others) { break }
                i += 1
            }
            return i
        }

        /// The held fixes are a stop: emits the approach as moving and `pause-start`, starts the pause at the
        /// arrival fix (the anchor, moving) and judges the fixes after it as the pause judges new ones. Returns
        /// fixes to re-judge (if the pause already ended among them: not expected, but not excluded).
        mutating func confirmStop(into out: inout StageEmitter) -> [Fix] {
            compactHeld()  // so the held fixes are taken as they lie, without a copy
            let a = arrivalIndex()
            let fixes = heldFixes
            clearHeld()
            let anchor = fixes[a]
            for f in fixes[..<a] { emit(f, paused: false, into: &out) }
            out.emit("pause-start", time: anchor.time, sourceIndex: anchor.sourceIndex)
            emit(anchor, paused: false, into: &out)
            pauseAnchor = anchor
            if stage.rule == .region {
                // The pause's circle: the held fixes from the anchor on, in order.
                var region = StopRegion(first: anchor)
                for f in fixes[(a + 1)...] { region.add(f) }
                pauseRegion = region
                for f in fixes[a...(a + 1)] { remember(f, offset: region.frameOffset(of: f)) }
            }
            lastPaused = fixes[a + 1]
            lastPausedSegment = fixes[a + 1].segment
            for k in (a + 2)..<fixes.count {
                let back = judgeInPause(fixes[k], grows: false, into: &out)
                if !back.isEmpty { return back + fixes[(k + 1)...] }
            }
            return []
        }

        /// Region rule: adds `fix`, at `offset` (its `StopRegion/frameOffset(of:)` in the pause's circle; `nil`
        /// near a pole, where nothing is remembered), to ``recent`` and forgets the fixes older than
        /// `edge-window` before it.
        mutating func remember(_ fix: Fix, offset: (east: Double, north: Double)?) {
            guard stage.rule == .region, let o = offset, let t = fix.time else { return }
            recent.append((t, o.east, o.north))
            if let stale = recent.firstIndex(where: { t - $0.time <= stage.edgeWindow }), stale > 0 {
                recent.removeFirst(stale)
            }
        }

        /// Judges `fix` in the confirmed pause: standing → it and the fixes held before it are paused and it is
        /// the new last paused fix (added to the pause's circle when `grows`); departing or beyond → held as the
        /// possible walk-out, and after `resumeFixes` beyond in a row the pause ends at the last standing fix and
        /// the held walk-out is returned to be judged anew (as moving). Empty otherwise.
        mutating func judgeInPause(_ fix: Fix, grows: Bool, into out: inout StageEmitter) -> [Fix] {
            guard let last = lastPaused else { return [fix] }
            let from = leaving.last?.fix ?? last
            // Projected once into the pause's circle, for judging, remembering and growing the circle.
            let offset = pauseRegion?.frameOffset(of: fix)
            let verdict = place(previous: from, fix: fix, offset: offset)
            remember(fix, offset: offset)
            if verdict == .standing {
                // Standing again: the fixes held since were jitter and belong to the pause.
                emit(last, paused: true, into: &out)
                for f in leaving { emit(f.fix, paused: true, into: &out) }
                leaving.removeAll()
                lastPaused = fix
                lastPausedSegment = fix.segment
                if grows {
                    if let offset { pauseRegion?.add(offset: offset) } else { pauseRegion?.add(fix) }
                }
                return []
            }
            leaving.append((fix, verdict))
            if leaving.count >= Self.resumeFixes, leaving.suffix(Self.resumeFixes).allSatisfy({ $0.place == .beyond }) {
                // The runner has left: the pause ends at the last standing fix; the walk-out is moving.
                return closePause(resumes: true, into: &out)
            }
            // Hold the walk-out back at most `window`: a runner who took that long without leaving the circle is
            // still stopped, so its oldest fixes join the pause.
            while let t0 = leaving.first?.fix.time, let t = fix.time, t - t0 > stage.window {
                if let previous = lastPaused { emit(previous, paused: true, into: &out) }
                let next = leaving.removeFirst().fix
                lastPaused = next
                lastPausedSegment = next.segment
            }
            return []
        }

        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            guard let t = fix.time, t.isFinite else {
                for f in closePause(resumes: false, into: &out) { emit(f, paused: false, into: &out) }
                flushHeldAsMoving(into: &out)
                emit(fix, paused: false, into: &out)
                return
            }
            if firstTime == nil { firstTime = t }
            lastTime = max(lastTime ?? t, t)
            // A stack (next fix last) instead of recursion: releasing an anchor re-judges the held fixes,
            // which may release again; iterating keeps the stack depth constant on any input. The fix itself is
            // judged first, without a trip through the stack (empty here).
            let back = advance(fix, into: &out)
            if !back.isEmpty { pending.append(contentsOf: back.reversed()) }
            while let next = pending.popLast() {
                let back = advance(next, into: &out)
                if !back.isEmpty { pending.append(contentsOf: back.reversed()) }
            }
        }

        /// Judges one fix; returns fixes to re-judge, in order, when the candidate anchor was released or a pause
        /// ended (empty, and not allocated, otherwise). The fix is read where it lies, not copied: the held fixes
        /// it is judged against by their fields, and after an anchor released in place it is judged again here
        /// rather than through the stack (the same order: it would be the next fix taken from it).
        mutating func advance(_ fix: Fix, into out: inout StageEmitter) -> [Fix] {
            // The fix's receiver speed and velocity, worked out once (a course's velocity is a sine and a cosine) when
            // the held fixes first judge it; it may be judged again after an anchor is released.
            var reading: DopplerMean.Reading?
            var hasReading = false
            while true {
                if let lastSegment = lastPausedSegment {
                    if fix.segment != lastSegment {
                        return closePause(resumes: false, into: &out) + [fix]
                    }
                    return judgeInPause(fix, grows: true, into: &out)
                }
                if !hasReading {
                    reading = DopplerMean.Reading(fix, maximumSpeed: maximumSpeed)
                    hasReading = true
                }
                guard heldCount > 0 else {
                    resetHeld(fix, reading: reading)
                    return []
                }
                if fix.segment != heldFixes[heldStart].segment {
                    flushHeldAsMoving(into: &out)
                    resetHeld(fix, reading: reading)
                    return []
                }
                let judged = startsOrContinuesStop(fix, reading: reading)
                if judged.stop {
                    appendHeld(fix, offset: judged.offset, reading: reading)
                    if let t0 = heldFixes[heldStart].time, let t1 = fix.time, t1 - t0 >= stage.window,
                       !awaitsDopplerVerdict(reading) {
                        return confirmStop(into: &out)
                    }
                    return []
                }
                // The anchor was not a stop: release it and re-judge the rest from the next anchor — in place when
                // that can be decided without a pause starting (``reanchorInPlace(into:)``), then this fix again;
                // else pushed straight onto the stack, next last, after this fix.
                if reanchorsInPlace, reanchorInPlace(into: &out) { continue }
                pending.append(fix)
                pending.append(contentsOf: heldFixes[(heldStart + 1)...].reversed())
                emit(heldFixes[heldStart], paused: false, into: &out)
                clearHeld()
                return []
            }
        }

        /// Region rule, once the anchor `held.first` is released: re-judges the fixes after it as pushing them again would —
        /// each in turn the candidate anchor of a new circle, released while a later held fix falls outside it —
        /// but without moving the fixes through the stack (three copies of each held fix per release were most of
        /// this stage's time on a moving runner). Emits the released fixes, the old anchor first, and keeps the
        /// rest held with their circle; returns `false`, changing nothing, when the re-judging could start a pause
        /// (a held fix a `window` after a candidate anchor: times out of order) or the held fixes are within 1° of
        /// a pole, for the caller to push them again instead.
        ///
        /// The candidate circles are judged on the held fixes' offsets as they were projected when held, in the
        /// frame of the fix that began the holding, rather than each in a frame of its own anchor: a moving runner
        /// releases an anchor at almost every fix, and a new frame (a cosine) and a projection of every held fix
        /// into it for each candidate were half of this stage's time. The frame is moved to the new anchor once
        /// the anchor is ``sharedFrameReach`` from its origin, where the frames' difference in east scale could
        /// begin to matter (see ``sharedFrameReach``).
        mutating func reanchorInPlace(into out: inout StageEmitter) -> Bool {
            guard stage.rule == .region, heldCount > 1, let frame = heldRegion, frame.hasFrame,
                  heldOffsets.count == heldFixes.count, heldReadings.count == heldFixes.count else { return false }
            var start = 1
            // The held fixes are read in place (a fix passed by value was copied, 144 bytes, for each judgement).
            let count = heldCount, first = heldStart
            let found: (region: StopRegion, doppler: DopplerMean)? = heldFixes.withUnsafeBufferPointer { allFixes in
                heldReadings.withUnsafeBufferPointer { allReadings in
                    heldOffsets.withUnsafeBufferPointer { allOffsets in
                        let fixes = UnsafeBufferPointer(rebasing: allFixes[first...])
                        let readings = UnsafeBufferPointer(rebasing: allReadings[first...])
                        let offsets = UnsafeBufferPointer(rebasing: allOffsets[first...])
                        search: while true {
                            guard let t0 = fixes[start].time else { return nil }
                            var region = StopRegion(sameFrameAs: frame)
                            region.add(offset: offsets[start])
                            var doppler = DopplerMean()  // of held[(start + 1)..<j]
                            for j in (start + 1)..<count {
                                // The circle grows in place: when a fix does not fit, this candidate is dropped whole.
                                region.add(offset: offsets[j])
                                guard !movesByDoppler(doppler, readings[j]),
                                      region.allWithin(limit, offsets: UnsafeBufferPointer(rebasing: offsets[start...j])) else {
                                    start += 1
                                    continue search
                                }
                                if let t = fixes[j].time, t - t0 >= stage.window { return nil }
                                if let r = readings[j] { doppler.add(r) }
                            }
                            return (region, doppler)
                        }
                    }
                }
            }
            guard let found else { return false }
            for f in heldFixes[heldStart..<(heldStart + start)] { emit(f, paused: false, into: &out) }
            heldStart += start
            if heldStart >= Self.compactionStart { compactHeld() }
            heldRegion?.takeFigures(of: found.region)  // the same frame: `found.region` was made in it
            heldDoppler = found.doppler
            let o = heldOffsets[heldStart]
            if max(abs(o.east), abs(o.north)) > Self.sharedFrameReach { moveHeldFrameToAnchor() }
            return true
        }

        /// How far, metres east or north, the candidate anchor may move from the origin of the frame its held
        /// fixes' offsets are in before the frame is moved to it (``reanchorInPlace(into:)``). East distances in a
        /// frame about a point Δφ away in latitude are off by a relative tan φ · Δφ (`LocalProjection`): at 30 m and
        /// 60° of latitude 8e-6, 0.1 mm across a 15 m circle — far below any fix's error, and rare enough to move
        /// (a runner at 3 m/s every ten fixes).
        static let sharedFrameReach = 30.0

        /// Projects the held fixes again, into a frame about the anchor `held.first` (as ``resetHeld(_:reading:)``
        /// and ``appendHeld(_:offset:reading:)`` would have on holding them from it).
        mutating func moveHeldFrameToAnchor() {
            guard heldCount > 0, heldOffsets.count == heldFixes.count else { return }
            var region = StopRegion(first: heldFixes[heldStart])
            heldOffsets[heldStart] = region.offset(of: heldFixes[heldStart])
            for j in (heldStart + 1)..<heldFixes.count {
                let o = region.offset(of: heldFixes[j])
                heldOffsets[j] = o
                region.add(offset: o)
            }
            heldRegion = region
        }

        mutating func finish(into out: inout StageEmitter) throws {
            for f in closePause(resumes: false, into: &out) { emit(f, paused: false, into: &out) }
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
