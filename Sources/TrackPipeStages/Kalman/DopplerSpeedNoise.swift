import TrackPipe

/// The receiver's velocity noise around each fix, and the speed with the overcount it causes taken out.
///
/// A receiver's speed is the magnitude of a noisy velocity, so it reads high: with white noise of σ per axis
/// its mean is about ‖v‖ + σ²/(2‖v‖) — the noise across the direction of motion only lengthens the vector. Near
/// buildings (σ 0.3–0.4 m/s) that is +0.02–0.03 m/s at a runner's 3 m/s, +1 % of the distance, and a smoother
/// that follows the runner's turns passes it through. ``debiased(_:variance:)`` takes it out, √(s² − σ²).
///
/// σ² is estimated where the fix is, from the second differences of consecutive readings over ``span`` seconds
/// each side: a velocity's second difference is the noise's (variance 6σ² per axis, for white noise) plus the
/// change of the runner's acceleration, which is small except in a few seconds at a corner or a stop — so the
/// median, not the mean, of the squared differences: over two axes its median is 6σ² · 2 ln 2 (χ² with two
/// degrees of freedom), over a speed alone 6σ² · 0.4549 (one degree: the noise along the motion).
enum DopplerSpeedNoise {
    /// Seconds each side of a fix whose second differences estimate its noise. 15 s: about 30 samples at 1 Hz,
    /// short enough to follow a runner from open sky in among buildings.
    static let span = 15.0
    /// Fewest second differences an estimate is made from; with fewer, no correction (σ² = 0).
    static let minimumSamples = 5
    /// The longest time step (s) a second difference is taken across: a speed is an instant's, and across a
    /// longer step the runner's own change of speed dominates.
    static let maximumStep = 2.0
    /// Median of χ² with two degrees of freedom (2 ln 2) and with one (0.4549).
    static let medianChiSquared2 = 1.3862943611198906
    static let medianChiSquared1 = 0.45493642311957283

    /// σ² per axis (m²/s²) around each fix; 0 where too few readings are near it.
    static func variances(times: [Double], readings: [DopplerMean.Reading?]) -> [Double] {
        let n = times.count
        // One sample of σ² per fix with readings on both sides one step away.
        var samples: [(time: Double, value: Double)] = []
        if n >= 3 {
            samples.reserveCapacity(n - 2)
            for k in 1..<(n - 1) {
                guard let a = readings[k - 1], let b = readings[k], let c = readings[k + 1],
                      times[k] - times[k - 1] > 0, times[k] - times[k - 1] <= maximumStep,
                      times[k + 1] - times[k] > 0, times[k + 1] - times[k] <= maximumStep else { continue }
                let sample: Double
                if let va = a.velocity, let vb = b.velocity, let vc = c.velocity {
                    let de = va.east - 2 * vb.east + vc.east, dn = va.north - 2 * vb.north + vc.north
                    sample = (de * de + dn * dn) / (6 * medianChiSquared2)
                } else {
                    let d = a.speed - 2 * b.speed + c.speed
                    sample = d * d / (6 * medianChiSquared1)
                }
                // Absurd speeds (a caller without a speed limit) can overflow; such a sample says nothing.
                guard sample.isFinite else { continue }
                samples.append((times[k], sample))
            }
        }
        var out = [Double](repeating: 0, count: n)
        guard samples.count >= minimumSamples else { return out }
        // The window's samples kept sorted as it slides (each sample enters and leaves once, by a binary search
        // and a short move), so each fix's median is read, not selected: a selection per fix over a copy of its
        // window cost 1600 instructions a fix.
        var window: [Double] = []
        window.reserveCapacity(64)
        var lo = 0, hi = 0
        for k in 0..<n {
            while hi < samples.count, samples[hi].time <= times[k] + span {
                window.insert(samples[hi].value, at: insertionIndex(of: samples[hi].value, in: window))
                hi += 1
            }
            while lo < hi, samples[lo].time < times[k] - span {
                window.remove(at: insertionIndex(of: samples[lo].value, in: window))
                lo += 1
            }
            guard window.count >= minimumSamples else { continue }
            out[k] = window[window.count / 2]
        }
        return out
    }

    /// Where `value` goes in the sorted `window`: the first position whose value is not below it (for a value in
    /// the window, the position of its first copy).
    static func insertionIndex(of value: Double, in window: [Double]) -> Int {
        var a = 0, b = window.count
        while a < b {
            let m = (a + b) / 2
            if window[m] < value { a = m + 1 } else { b = m }
        }
        return a
    }

    /// `reading` with its speed (and velocity, scaled along) reduced to √(s² − σ²); 0 when s² ≤ σ².
    static func debiased(_ reading: DopplerMean.Reading, variance: Double) -> DopplerMean.Reading {
        guard variance > 0, reading.speed > 0 else { return reading }
        var out = reading
        let s2 = reading.speed * reading.speed - variance
        let speed = s2 > 0 ? s2.squareRoot() : 0
        let factor = speed / reading.speed
        out.speed = speed
        if let v = reading.velocity { out.velocity = GroundVelocity(east: v.east * factor, north: v.north * factor) }
        return out
    }
}
