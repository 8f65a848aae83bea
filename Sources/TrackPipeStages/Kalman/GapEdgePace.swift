import TrackPipe

/// The speed a smoothed track implies on each side of a gap, for fixes that carry no speed of their own.
///
/// Distance by speed (`StepMeasure.speed`) measures a gap — a step over `StepMeasure.maximumSpeedStep`
/// seconds after a short one — by the speeds on each side of it, (s₀ + s₁)/2 · Δt, when both fixes carry one.
/// A recording with the receiver's Doppler speeds does; one without them had its gaps measured by the straight
/// line across, which cuts every bend the runner took in the gap: on a 400 m track, 15–60 s without a fix is a
/// chord across most of a bend. `track-smoother` gives such fixes, after smoothing, the pace of the smoothed
/// track over the ``window`` seconds beside the gap on their side (the counted short steps' length over their
/// time), so the gap is measured by the pace on each side, as with Doppler speeds; and the direction of travel at
/// the edge from that stretch, so that the gap's length by those paces is held near the path across it as with
/// Doppler courses (`StepMeasure.gapBand`: a stop or a start inside the gap is not counted at the pace beside it).
///
/// Measured (`trackpipe simulate`, every built-in scenario, seeds 1–10, with and without multipath bursts, no
/// Doppler: 80 runs, the default pipeline): the distance error arising in gaps, mean |…| 0.27 → 0.13 % of the
/// run's distance (largest 1.33 → 0.53 %; 400 m track, seeds 1–5, −0.83 → −0.11 % on average);
/// `datasets/jumpy.gpx` −1.27 → −0.06 % (`Benchmarks/accuracy-sweep.py --breakdown`'s `gaps`). A window of 5 s measured 0.14 % (largest 0.62 %); one side only (what a live stage could do)
/// 0.23 % (1.49 %): the pace after the gap is needed, so this is offline, with the smoother. With the course as well
/// (2026-11-29; without Doppler, 200 runs per set of seeds: every scenario with and without bursts, runs like
/// `stop-and-go` and `urban-canyon`): the mean |error| of a gap 3.74 → 2.51 m on seeds 1–20 and 3.74 → 2.38 m on
/// seeds 21–40, runs within 1.5 % 178 → 180 and 182 → 190 of 200; `urban-canyon.gpx` +2.32 → +1.77 %; the
/// Whitchurch Lezyne's and Etrex's gaps against the route, sum of |error|, 635 → 212 m and 88 → 30 m.
public enum GapEdgePace {
    /// Seconds of track beside a gap whose pace is the speed of the gap's edge fix: 10.
    public static let window = 10.0

    /// A gap's edge fix and what it gets: the pace (m/s) of the smoothed track beside the gap on its side and the
    /// direction of travel there (degrees clockwise from true north; `nil` when that stretch begins and ends at one
    /// place).
    public struct Edge: Sendable, Equatable {
        public let index: Int
        public let speed: Double
        public let course: Double?
    }

    /// For each fix of `fixes` (in track order) that has no finite speed and borders a gap — the last fix before a
    /// counted step of over `StepMeasure.maximumSpeedStep` seconds that follows a short step, or the first fix
    /// after it when a short counted step follows — the pace and the course over up to ``window`` seconds of
    /// counted short steps on its side, in order. A side with no such step gives nothing, and that gap stays
    /// measured by its positions.
    public static func edges(_ fixes: [Fix]) -> [Edge] {
        var out: [Edge] = []
        guard fixes.count > 2 else { return out }
        /// The time of step `j` → `j + 1` when it is counted and short (time increasing, at most the speed step).
        func shortStep(_ j: Int) -> Double? {
            guard j >= 0, j + 1 < fixes.count, let t0 = fixes[j].time, let t1 = fixes[j + 1].time, t1 > t0,
                  DistanceAccumulator.isShortStep(from: fixes[j], to: fixes[j + 1]),
                  DistanceAccumulator.counts(from: fixes[j], to: fixes[j + 1])
            else { return nil }
            return t1 - t0
        }
        /// The edge fix `edge`'s pace and course over short steps from step `j` on, in direction `step` (−1 back,
        /// +1 forward): the steps' length over their time, and ``course(_:edge:far:)`` of that stretch.
        func edge(_ edge: Int, from j: Int, by step: Int) -> Edge? {
            var length = 0.0, time = 0.0, k = j
            while time < window, let dt = shortStep(k) {
                length += DistanceAccumulator.length(from: fixes[k], to: fixes[k + 1], formula: .default, threeDimensional: false)
                time += dt
                k += step
            }
            guard time > 0, length.isFinite else { return nil }
            // The far end of the stretch: the first fix of the last step taken (back) or the last fix (forward).
            let far = step < 0 ? k + 1 : k
            return Edge(index: edge, speed: length / time, course: course(fixes, edge: edge, far: far))
        }
        for i in 1..<(fixes.count - 1) {
            let a = fixes[i], b = fixes[i + 1]
            guard let t0 = a.time, let t1 = b.time, t1 - t0 > StepMeasure.maximumSpeedStep, (t1 - t0).isFinite,
                  DistanceAccumulator.counts(from: a, to: b), shortStep(i - 1) != nil else { continue }
            if !hasSpeed(a), let e = edge(i, from: i - 1, by: -1) { out.append(e) }
            if !hasSpeed(b), let e = edge(i + 1, from: i + 1, by: 1) { out.append(e) }
        }
        return out
    }

    /// The direction of travel at `fixes[edge]` from the stretch of track between it and `fixes[far]` (either
    /// side), degrees clockwise from true north: taken as an arc of a circle, the bearing of the chord of its half
    /// next to the edge turned on by half the turn between its two halves' chords (the tangent at the edge; the
    /// whole stretch's chord is the direction at its middle, 5 s behind on a 10-s stretch — on a 400 m track's
    /// bend at 3 m/s, 24° — which measured a 30-s gap there 10 % long). The whole stretch's chord when the
    /// halves cannot be told (no fix between, or two of the three fixes at one place); `nil` when the ends
    /// coincide.
    static func course(_ fixes: [Fix], edge: Int, far: Int) -> Double? {
        let e = fixes[edge], f = fixes[far]
        guard e.latitude != f.latitude || e.longitude != f.longitude else { return nil }
        let forward = far > edge
        let chord = forward ? Geodesy.initialBearing(from: e.point, to: f.point) : Geodesy.initialBearing(from: f.point, to: e.point)
        guard abs(far - edge) >= 2, let te = e.time, let tf = f.time else { return chord }
        let middleTime = (te + tf) / 2
        var middle = edge
        for i in stride(from: edge, through: far, by: forward ? 1 : -1) {
            if let t = fixes[i].time, abs(t - middleTime) < abs((fixes[middle].time ?? .infinity) - middleTime) { middle = i }
        }
        let m = fixes[middle]
        guard middle != edge, middle != far, m.latitude != e.latitude || m.longitude != e.longitude,
              m.latitude != f.latitude || m.longitude != f.longitude else { return chord }
        // Travel order: far → middle → edge before a gap, edge → middle → far after it.
        let near = forward ? Geodesy.initialBearing(from: e.point, to: m.point) : Geodesy.initialBearing(from: m.point, to: e.point)
        let away = forward ? Geodesy.initialBearing(from: m.point, to: f.point) : Geodesy.initialBearing(from: f.point, to: m.point)
        // The turn from the earlier half's chord to the later one's, −180…180°.
        var turn = forward ? away - near : near - away
        turn -= 360 * (turn / 360).rounded()
        var course = forward ? near - turn / 2 : near + turn / 2
        course -= 360 * (course / 360).rounded(.down)
        return course < 360 ? course : 0
    }

    static func hasSpeed(_ fix: Fix) -> Bool {
        fix.speed.map { $0.isFinite && $0 >= 0 } ?? false
    }
}
