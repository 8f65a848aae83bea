/// The single implementation of TrackPipe's distance rules, fix by fix, shared by the `distance`, `splits` and
/// `badges` stages so they can never disagree (and each can run live without waiting for another's output):
///
/// - A step between consecutive fixes is **counted** when both are in the same ``Fix/segment`` (a segment
///   change is a break: the receiver was off or the recording paused) and the later fix is not
///   ``Fix/paused`` (auto-pause judged the runner stopped; distance is not counted *into* a paused fix, so the
///   step that leaves a pause does count). A step whose length is not finite (corrupt coordinates) is not
///   counted either.
/// - **A pause is measured across.** The step that leaves a pause in auto-pause's shape — an unpaused *anchor*
///   (where the runner arrived), paused fixes in its segment, the last of them beginning the next segment, then an
///   unpaused fix in that segment — is measured from the anchor, by positions: the runner's way from where the
///   pause began to where the run goes on. A pause is confirmed only after the runner has slowed near its start
///   and ended only once they have left it, so the fixes either side of it inside the pause hold a few metres
///   of running (about 5 m a stop for a runner at 2.8 m/s without Doppler speeds: −0.9 % on the simulated city
///   loop), which a step from the last paused fix leaves out. The line from the anchor is shortened by what the two
///   fixes' reported errors add to it on average, kept within what the runner can have covered in the pause's first
///   and last seconds (so a receiver drifting while the runner stands is not counted), and never shorter than the
///   step from the last paused fix. A step out that the receiver's speeds measure (``StepMeasure/speed``) stays so.
///   Its moving time stays that of the step from the last paused fix: paused time is not moving time.
/// - A fix with a non-finite or out-of-range coordinate counts no distance, into it or out of it.
/// - With ``StepMeasure/speed``, a step is measured by its fixes' speeds when they measure it (see there); a gap's
///   length by its speeds is held within ``StepMeasure/gapBand`` standard deviations of the positions' noise of
///   the path the two fixes' velocities describe across it (`GapPath`), so a stop or a start inside the gap is
///   not counted at the speed of its ends.
/// - Its length is measured by ``formula`` (default ``DistanceFormula/default``). With ``threeDimensional``,
///   the altitude change is added by Pythagoras, `√(h² + Δz²)`, when both fixes have an altitude and neither
///   has a negative ``Fix/verticalAccuracy`` (no GPS altitude). 2D is the default because GPS altitude noise
///   (typically ±5–10 m per fix) adds spurious length on flat ground, and running apps and watches report 2D.
/// - **Moving time** is the sum of the time between the fixes of counted steps, when both times are known
///   and increase. So a segment break or a pause is neither distance nor moving time; with no auto-pause and
///   one segment, moving time equals elapsed time.
public struct DistanceAccumulator: Sendable {
    public let formula: DistanceFormula
    public let threeDimensional: Bool
    /// How a counted step's length is measured (default ``StepMeasure/steps``).
    public let measure: StepMeasure
    /// The fastest speed, m/s, taken as a measurement by ``StepMeasure/speed``: a fix reporting more carries a
    /// corrupt value rather than a speed (no receiver's noise is that large), and a step from or to it is measured
    /// by its positions. Default ∞ (every finite speed counts); the distance stages pass the activity's jump
    /// limit, as `track-smoother` does for the speeds it measures — one speed of 1e300 m/s in a stream made its
    /// distance 2.1e301 m.
    public let maximumSpeed: Double
    /// Cumulative counted distance, metres.
    public private(set) var distance: Double = 0
    /// Cumulative moving time, seconds.
    public private(set) var movingTime: Double = 0
    /// Earliest and latest fix time seen (UTC seconds since 1970).
    public private(set) var firstTime: Double?
    public private(set) var lastTime: Double?
    /// The last fix added.
    public var previous: Fix? { count > 0 ? last : nil }
    /// The last fix added, once ``count`` > 0. Held as a plain value beside the count rather than as an optional,
    /// whose fields `add` read through copies of the whole 144-byte fix: `add` 36.9 → 31.6 M instructions for
    /// 46 000 fixes (callgrind). Binding it to a local first measured worse (34.4 M: more copies, not fewer).
    @usableFromInline var last = Fix(time: nil, latitude: 0, longitude: 0, sourceIndex: 0)
    /// Fixes added.
    public private(set) var count = 0
    /// The pause the fixes added last are in, while it can be measured across (see the type's rules): `open` while
    /// its paused fixes are in the anchor's segment, `resuming` once the last of them began the next one.
    @usableFromInline var pause = PauseState.none
    /// The unpaused fix the current pause began from (valid while ``pause`` is not `none`), as the fields the step
    /// across the pause reads — a ``FixSnapshot`` and the vertical accuracy (3D): a whole fix here made the
    /// accumulator 144 bytes larger, which the measuring stages copy on every fix (callgrind: `badges` +17 %
    /// instructions on the reference run).
    @usableFromInline var pauseAnchor = FixSnapshot(Fix(time: nil, latitude: 0, longitude: 0, sourceIndex: 0))
    @usableFromInline var pauseAnchorVerticalAccuracy: Double?
    /// The most the runner can have covered between the anchor and the pause's first fix, metres: the speed of the
    /// step into the anchor times the time to that fix (0 when either is unknown).
    @usableFromInline var pauseArrivalReach = 0.0
    /// The last step added's counted length (m) and moving time (s), for the speed into a pause's anchor: kept as
    /// they are, the division made only where a pause begins.
    @usableFromInline var lastStepLength = 0.0
    @usableFromInline var lastStepDuration = 0.0

    @usableFromInline enum PauseState: Sendable { case none, open, resuming }
    /// Time from the fix before ``previous`` to it, seconds; `nil` when either has no time.
    public private(set) var previousInterval: Double?

    public init(formula: DistanceFormula = .default, threeDimensional: Bool = false, measure: StepMeasure = .steps,
                maximumSpeed: Double = .infinity) {
        self.formula = formula
        self.threeDimensional = threeDimensional
        self.measure = measure
        self.maximumSpeed = maximumSpeed
    }

    /// Time from the earliest to the latest fix time seen, seconds; `nil` with fewer than one timed fix.
    public var elapsedTime: Double? {
        guard let firstTime, let lastTime else { return nil }
        return lastTime - firstTime
    }

    /// Adds the next fix and returns the step it ends: ``measureStep(to:)``, then ``commit(_:_:)``.
    @discardableResult
    public mutating func add(_ fix: Fix) -> DistanceStep {
        let figures = measureStep(to: fix)
        let from: Fix? = count == 0 ? nil : measuresAcrossPause(to: fix) ? anchorFix : last
        let step = DistanceStep(from: from, to: fix, counted: figures.counted, length: figures.length,
                                movingDuration: figures.movingDuration, distanceBefore: figures.distanceBefore,
                                movingTimeBefore: figures.movingTimeBefore)
        commit(fix, figures)
        return step
    }

    /// Adds the next fix and returns its step's figures: ``add(_:)`` without the ``DistanceStep`` (and its copies of
    /// both fixes) for a caller that needs only the figures.
    @discardableResult
    public mutating func advance(_ fix: Fix) -> DistanceStepFigures {
        let figures = measureStep(to: fix)
        commit(fix, figures)
        return figures
    }

    /// The step from the last fix added to `fix`, measured by the rules above but not added. A measuring stage
    /// calls this, then ``crossing(_:to:atDistance:)`` if a threshold may fall inside the step, then
    /// ``commit(_:_:)``: the same figures as ``add(_:)`` without a ``DistanceStep``'s two copies of fixes.
    @inlinable @inline(__always)
    public func measureStep(to fix: Fix) -> DistanceStepFigures {
        guard count > 0 else {
            return DistanceStepFigures(counted: false, length: 0, movingDuration: 0, distanceBefore: distance,
                                       movingTimeBefore: movingTime)
        }
        var counted = Self.counts(from: last, to: fix) && Self.hasValidCoordinates(last) && Self.hasValidCoordinates(fix)
        var length = 0.0
        if counted {
            // By the speeds when they measure this step (the positions' length, with its trigonometry, is then
            // not worked out at all), else by the positions — from the pause's anchor for a step that leaves one.
            if let bySpeed = lengthBySpeed(to: fix) {
                length = bySpeed
            } else if leavesPause(to: fix) {
                length = pauseCrossing(to: fix)
            } else {
                length = Self.length(from: last, to: fix, formula: formula, threeDimensional: threeDimensional)
            }
            if !length.isFinite { counted = false; length = 0 }
        }
        var duration = 0.0
        if counted, let t0 = last.time, let t1 = fix.time, t1 > t0, (t1 - t0).isFinite { duration = t1 - t0 }
        return DistanceStepFigures(counted: counted, length: length, movingDuration: duration, distanceBefore: distance,
                                   movingTimeBefore: movingTime)
    }

    /// Adds `fix`, whose step ``measureStep(to:)`` gave as `step` (figures measured for another fix, or before
    /// another commit, would corrupt the totals).
    public mutating func commit(_ fix: Fix, _ step: DistanceStepFigures) {
        if count > 0, let t0 = last.time, let t1 = fix.time { previousInterval = t1 - t0 } else { previousInterval = nil }
        distance = step.distanceAfter
        movingTime = step.movingTimeAfter
        if fix.paused || pause != .none { trackPause(fix) }
        lastStepLength = step.length
        lastStepDuration = step.movingDuration
        last = fix
        count += 1
        if let t = fix.time, t.isFinite {
            firstTime = min(firstTime ?? t, t)
            lastTime = max(lastTime ?? t, t)
        }
    }

    /// Where inside the step from the last fix added to `fix` — measured as `step`, not yet committed — the
    /// cumulative distance equals `distance`: ``DistanceStep/crossing(atDistance:)`` for that step, read from the
    /// fix held here rather than from a copy.
    @inlinable @inline(__always)
    public func crossing(_ step: DistanceStepFigures, to fix: Fix, atDistance distance: Double) -> TrackCrossing? {
        guard count > 0, step.crosses(distance) else { return nil }
        if measuresAcrossPause(to: fix) { return TrackCrossing(step, from: anchorFix, to: fix, atDistance: distance) }
        return TrackCrossing(step, from: last, to: fix, atDistance: distance)
    }

    /// The step from the last fix added to `fix` by its speeds, when they measure it (``speedsMeasure(to:)``): the
    /// trapezoid, and for a gap that held within its path's noise by ``gapLength(bySpeed:to:)``; `nil` when it is
    /// measured by positions.
    @inlinable @inline(__always)
    func lengthBySpeed(to fix: Fix) -> Double? {
        guard let bySpeed = speedsMeasure(to: fix) else { return nil }
        return Self.isShortStep(from: last, to: fix) ? bySpeed : gapLength(bySpeed: bySpeed, to: fix)
    }

    /// Whether the speeds measure the step from the last fix added to `fix` (``StepMeasure/speed``: both speeds
    /// usable, and the step short or after a short one), as the trapezoid's length; `nil` when they do not.
    @inlinable @inline(__always)
    func speedsMeasure(to fix: Fix) -> Double? {
        guard measure == .speed, let bySpeed = Self.speedLength(from: last, to: fix, maximumSpeed: maximumSpeed),
              Self.isShortStep(from: last, to: fix) || previousInterval.map({ $0 <= StepMeasure.maximumSpeedStep }) == true
        else { return nil }
        return bySpeed
    }

    /// A gap's length by its speeds (`bySpeed`), held within ``StepMeasure/gapBand`` standard deviations of the
    /// positions' noise of the ``GapPath`` across it: σ = √(σ₀² + σ₁²) with σ each fix's ``Fix/horizontalAccuracy``.
    /// Unchanged when either fix lacks a course or a reported accuracy (the path or its noise is unknown).
    /// Out of line: gaps are rare.
    @usableFromInline @inline(never)
    func gapLength(bySpeed: Double, to fix: Fix) -> Double {
        guard let a0 = last.horizontalAccuracy, let a1 = fix.horizontalAccuracy, a0 >= 0, a1 >= 0,
              let path = GapPath(from: last, to: fix) else { return bySpeed }
        let length = path.length
        let band = StepMeasure.gapBand * (a0 * a0 + a1 * a1).squareRoot()
        guard length.isFinite, band.isFinite else { return bySpeed }
        return min(max(bySpeed, length - band), length + band)
    }

    /// True when the step from the last fix added to `fix` is measured across a pause, from its anchor: it leaves
    /// one (``leavesPause(to:)``) and its speeds do not measure it. `add` and `crossing` start the step there, as
    /// ``measureStep(to:)`` measured it.
    @inlinable @inline(__always)
    func measuresAcrossPause(to fix: Fix) -> Bool {
        leavesPause(to: fix) && speedsMeasure(to: fix) == nil
    }

    /// The pause's anchor as a fix with the fields the step across reads.
    @usableFromInline var anchorFix: Fix {
        Fix(time: pauseAnchor.time, latitude: pauseAnchor.latitude, longitude: pauseAnchor.longitude,
            altitude: pauseAnchor.altitude, horizontalAccuracy: pauseAnchor.horizontalAccuracy,
            verticalAccuracy: pauseAnchorVerticalAccuracy, segment: pauseAnchor.segment, sourceIndex: pauseAnchor.sourceIndex)
    }

    /// True when the step from the last fix added to `fix` leaves a pause that is measured across from its anchor:
    /// the last fix is paused and began the anchor's next segment, `fix` is unpaused in that segment, and the anchor's
    /// coordinates are valid.
    @inlinable @inline(__always)
    func leavesPause(to fix: Fix) -> Bool {
        pause == .resuming && !fix.paused && fix.segment == last.segment
    }

    /// The length of the step from the last (paused) fix added to `fix` measured across the pause: the distance from
    /// its anchor less the part the two fixes' position errors add on average (E|d + e|² = |d|² + 2(σ₀² + σ₁²) with
    /// σ each fix's ``Fix/horizontalAccuracy``, a per-axis 1-sigma); at most the step from the last paused fix plus
    /// what the runner can have covered inside the pause's two ends — the speed into the anchor over the time to the
    /// first paused fix, the speed out over the time from the paused fix before the last — so a receiver's slow
    /// drift while the runner stands is not taken for running; never less than the step from the last paused fix.
    @usableFromInline @inline(never)
    func pauseCrossing(to fix: Fix) -> Double {
        let anchor = anchorFix
        let chord = Self.length(from: anchor, to: fix, formula: formula, threeDimensional: threeDimensional)
        let step = Self.length(from: last, to: fix, formula: formula, threeDimensional: threeDimensional)
        func variance(_ f: Fix) -> Double {
            guard let a = f.horizontalAccuracy, a.isFinite, a > 0 else { return 0 }
            return a * a
        }
        let noise = 2 * (variance(anchor) + variance(fix))
        var departureReach = 0.0
        if let t0 = last.time, let t1 = fix.time, t1 > t0, let before = previousInterval, before > 0, before.isFinite {
            departureReach = step / (t1 - t0) * before
        }
        let reach = step + pauseArrivalReach + (departureReach.isFinite ? departureReach : 0)
        return max(step, min(reach, max(0, chord * chord - noise).squareRoot()))
    }

    /// Follows the pause shape (see the type's rules) as `fix` is added after ``last`` (called for a paused fix, or
    /// while a pause is followed; out of line, as most fixes are neither).
    @usableFromInline @inline(never)
    mutating func trackPause(_ fix: Fix) {
        guard fix.paused else {
            pause = .none
            return
        }
        guard count > 0 else { return }
        switch pause {
        case .none:
            // The first paused fix: the one before it is the anchor, when it is unpaused and can be measured from.
            guard !last.paused, Self.hasValidCoordinates(last) else { return }
            if fix.segment == last.segment {
                pause = .open
            } else if fix.segment == last.segment + 1 {
                pause = .resuming  // a pause of one fix, which also begins the next segment
            } else {
                return
            }
            pauseAnchor = FixSnapshot(last)
            pauseAnchorVerticalAccuracy = last.verticalAccuracy
            pauseArrivalReach = 0
            if lastStepDuration > 0, let t0 = last.time, let t1 = fix.time, t1 > t0, (t1 - t0).isFinite {
                let reach = lastStepLength / lastStepDuration * (t1 - t0)
                if reach.isFinite { pauseArrivalReach = reach }
            }
        case .open:
            if fix.segment == pauseAnchor.segment { return }
            pause = fix.segment == pauseAnchor.segment + 1 ? .resuming : .none
        case .resuming:
            // A paused fix after the one that began the next segment: not auto-pause's shape.
            pause = .none
        }
    }

    /// Whether the step `from` → `to` counts: same segment, and `to` not paused.
    @inlinable
    public static func counts(from: Fix, to: Fix) -> Bool {
        from.segment == to.segment && !to.paused
    }

    /// Latitude and longitude finite and in range. (Checked here because the geodesy functions do not:
    /// `Geodesy.distance` returns half the Earth's circumference for a NaN coordinate.)
    @inlinable
    public static func hasValidCoordinates(_ fix: Fix) -> Bool {
        fix.latitude.isFinite && fix.longitude.isFinite && abs(fix.latitude) <= 90 && abs(fix.longitude) <= 180
    }

    /// The length of the step `from` → `to` by its speeds, (s₀ + s₁)/2 · Δt in metres; `nil` unless both speeds
    /// are finite, non-negative and at most `maximumSpeed` (m/s), the time increases, and the length itself is
    /// finite (speeds of 1e308 m/s would make it infinite) (see ``StepMeasure/speed``).
    @inline(__always)
    public static func speedLength(from: Fix, to: Fix, maximumSpeed: Double = .infinity) -> Double? {
        guard let s0 = from.speed, let s1 = to.speed, s0.isFinite, s1.isFinite, s0 >= 0, s1 >= 0,
              s0 <= maximumSpeed, s1 <= maximumSpeed,
              let t0 = from.time, let t1 = to.time, t1 > t0, (t1 - t0).isFinite else { return nil }
        let length = (s0 / 2 + s1 / 2) * (t1 - t0)
        return length.isFinite ? length : nil
    }

    /// True when `to` is at most ``StepMeasure/maximumSpeedStep`` seconds after `from` (see ``StepMeasure/speed``).
    @inlinable
    public static func isShortStep(from: Fix, to: Fix) -> Bool {
        guard let t0 = from.time, let t1 = to.time else { return false }
        return t1 - t0 <= StepMeasure.maximumSpeedStep
    }

    /// The length of the step `from` → `to` in metres (2D, or 3D as described on the type).
    @inline(__always)
    public static func length(from: Fix, to: Fix, formula: DistanceFormula, threeDimensional: Bool) -> Double {
        let h = Geodesy.distance(from.point, to.point, formula: formula)
        guard threeDimensional, let z0 = from.altitude, let z1 = to.altitude,
              (from.verticalAccuracy ?? 0) >= 0, (to.verticalAccuracy ?? 0) >= 0 else { return h }
        let dz = z1 - z0
        return (h * h + dz * dz).squareRoot()
    }
}
