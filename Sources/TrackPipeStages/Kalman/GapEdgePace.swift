import TrackPipe

/// The speed a smoothed track implies on each side of a gap, for fixes that carry no speed of their own.
///
/// Distance by speed (`StepMeasure.speed`) measures a gap — a step over `StepMeasure.maximumSpeedStep`
/// seconds after a short one — by the speeds on each side of it, (s₀ + s₁)/2 · Δt, when both fixes carry one.
/// A recording with the receiver's Doppler speeds does; one without them had its gaps measured by the straight
/// line across, which cuts every bend the runner took in the gap: on a 400 m track, 15–60 s without a fix is a
/// chord across most of a bend. `track-smoother` gives such fixes, after smoothing, the pace of the smoothed
/// track over the ``window`` seconds beside the gap on their side (the counted short steps' length over their
/// time), so the gap is measured by the pace on each side, as with Doppler speeds.
///
/// Measured (`trackpipe simulate`, every built-in scenario, seeds 1–10, with and without multipath bursts, no
/// Doppler: 80 runs, the default pipeline): the distance error arising in gaps, mean |…| 0.27 → 0.13 % of the
/// run's distance (largest 1.33 → 0.53 %; 400 m track, seeds 1–5, −0.83 → −0.11 % on average);
/// `datasets/jumpy.gpx` −1.27 → −0.06 % (`Benchmarks/accuracy-sweep.py --breakdown`'s `gaps`). A window of 5 s measured 0.14 % (largest 0.62 %); one side only (what a live stage could do)
/// 0.23 % (1.49 %): the pace after the gap is needed, so this is offline, with the smoother.
public enum GapEdgePace {
    /// Seconds of track beside a gap whose pace is the speed of the gap's edge fix: 10.
    public static let window = 10.0

    /// For each fix of `fixes` (in track order) that has no finite speed and borders a gap — the last fix before a
    /// counted step of over `StepMeasure.maximumSpeedStep` seconds that follows a short step, or the first fix
    /// after it when a short counted step follows — the pace (m/s) over up to ``window`` seconds of counted
    /// short steps on its side: `(index, speed)`, in order. A side with no such step gives nothing, and that gap
    /// stays measured by its positions.
    public static func speeds(_ fixes: [Fix]) -> [(index: Int, speed: Double)] {
        var out: [(index: Int, speed: Double)] = []
        guard fixes.count > 2 else { return out }
        /// The time of step `j` → `j + 1` when it is counted and short (time increasing, at most the speed step).
        func shortStep(_ j: Int) -> Double? {
            guard j >= 0, j + 1 < fixes.count, let t0 = fixes[j].time, let t1 = fixes[j + 1].time, t1 > t0,
                  DistanceAccumulator.isShortStep(from: fixes[j], to: fixes[j + 1]),
                  DistanceAccumulator.counts(from: fixes[j], to: fixes[j + 1])
            else { return nil }
            return t1 - t0
        }
        /// The pace over short steps from step `j` on, in direction `step` (−1 back, +1 forward).
        func pace(from j: Int, by step: Int) -> Double? {
            var length = 0.0, time = 0.0, k = j
            while time < window, let dt = shortStep(k) {
                length += DistanceAccumulator.length(from: fixes[k], to: fixes[k + 1], formula: .default, threeDimensional: false)
                time += dt
                k += step
            }
            guard time > 0, length.isFinite else { return nil }
            return length / time
        }
        for i in 1..<(fixes.count - 1) {
            let a = fixes[i], b = fixes[i + 1]
            guard let t0 = a.time, let t1 = b.time, t1 - t0 > StepMeasure.maximumSpeedStep, (t1 - t0).isFinite,
                  DistanceAccumulator.counts(from: a, to: b), shortStep(i - 1) != nil else { continue }
            if !hasSpeed(a), let s = pace(from: i - 1, by: -1) { out.append((i, s)) }
            if !hasSpeed(b), let s = pace(from: i + 1, by: 1) { out.append((i + 1, s)) }
        }
        return out
    }

    static func hasSpeed(_ fix: Fix) -> Bool {
        fix.speed.map { $0.isFinite && $0 >= 0 } ?? false
    }
}
