/// The noise a run's positions show from fix to fix, read from the positions themselves, and the constant-velocity
/// model's q and σ it implies — for a run without Doppler speeds, where the reported accuracy's *scale* cannot be
/// trusted (an iOS radius is a 68 % circle, Android's too, a logger's HDOP × 5 m is a guess) and the activity's one
/// q cut the city loop's corners (2 of 10 simulated runs within 1.5 %).
///
/// The measure is the median absolute **second difference** of consecutive positions, x₊ − 2x + x₋, over every
/// three fixes sampled at one even step of at most 2 s — each axis's median, then the quadratic mean of the two. A runner's own motion barely enters it (3 m/s
/// turning a right angle in a few seconds changes by ~1 m/s per second), the slowly wandering part of the error
/// cancels, and what is left is the step-to-step noise that inflates a raw distance and that the smoother must
/// remove. The median keeps a jump or a multipath burst out of it.
///
/// From it, with `m` that median in metres: σ = m ÷ ``stepNoiseRatio`` (the accuracy-like 1-σ the smoother weighs each
/// fix with), and q = ``processNoiseScale`` ÷ σ² m²/s³ — the less noise, the more closely the smoothed track may
/// follow the fixes, turns included. Both constants were measured on the simulator's runs without speeds (the
/// Kalman article's table): at q = 10 ÷ σ², 37 and 39 of 40 runs of the accuracy sweep (seeds 1–10, without and
/// with multipath bursts) were within 1.5 % (the activity's q: 32 and 32), and unlike q from the reported accuracy it
/// does not move when the accuracy's scale does.
struct PositionStepNoise: Sendable, Hashable {
    /// Median |second difference|, metres: the quadratic mean of the east and the north medians.
    var medianSecondDifference: Double
    /// Second differences read (two per three fixes: east and north).
    var count: Int

    /// The ratio of the median |second difference| to the accuracy-like σ: 0.22, measured as the simulator's
    /// median |x₊ − 2x + x₋| over its reported accuracy (a white error alone would give 0.6745 · √6 = 1.65; the
    /// slowly wandering part that dominates a receiver's error hardly shows in a second difference).
    static let stepNoiseRatio = 0.22
    /// q · σ², m⁴/s³: 10, the activity's q of 0.1 m²/s³ at an accuracy of 10 m, measured best on the sweep.
    static let processNoiseScale = 10.0
    /// The range q is kept in, m²/s³: 0.01 (positions noisier than 30 m are not smoothed into a straight line) to
    /// 30 (a receiver that filtered its positions itself shows almost no step noise: its track is followed, not
    /// re-smoothed).
    static let processNoiseRange = 0.01...30.0
    /// The fewest second differences the estimate is read from: 30 (15 evenly sampled triplets).
    static let minimumCount = 30
    /// The longest step of a triplet, seconds: 2 (a second difference over longer steps measures the motion).
    static let maximumStep = 2.0
    /// The most triplets (and the most variances) a median is taken over: 4096, every one of a run of about an
    /// hour at 1 Hz; a longer run is read at an even stride, so the cost stays flat (a median over 4096 samples is
    /// within a few per cent of the whole run's). With every triplet, `track-smoother` on 22 930 fixes without
    /// speeds took 1.86 ms (p50) against 1.06 ms before step-noise; at the stride, 1.11 ms.
    static let maximumSamples = 4096

    /// The stride that reads at most ``maximumSamples`` of `count` items: 1 up to it, then the smallest that fits.
    static func samplingStride(_ count: Int) -> Int {
        max(1, (count + maximumSamples - 1) / maximumSamples)
    }

    /// The estimate for `points` (time s, east and north m in one metre frame, in time order), from every triplet
    /// or, past ``maximumSamples``, every n-th; `nil` when fewer than ``minimumCount`` second differences qualify or
    /// their median is not a positive finite number.
    static func estimate(_ points: [(time: Double, east: Double, north: Double)]) -> PositionStepNoise? {
        guard points.count >= 3 else { return nil }
        let stride = samplingStride(points.count - 2)
        var east: [Double] = [], north: [Double] = []
        east.reserveCapacity(min(points.count, maximumSamples))
        north.reserveCapacity(min(points.count, maximumSamples))
        for k in Swift.stride(from: 1, to: points.count - 1, by: stride) {
            let a = points[k - 1], b = points[k], c = points[k + 1]
            let first = b.time - a.time, second = c.time - b.time
            guard first > 0, second > 0, first <= maximumStep, second <= maximumStep,
                  abs(first - second) <= 0.1 * max(first, second) else { continue }
            let e = abs(c.east - 2 * b.east + a.east), n = abs(c.north - 2 * b.north + a.north)
            guard e.isFinite, n.isFinite else { continue }
            east.append(e)
            north.append(n)
        }
        guard 2 * east.count >= minimumCount else { return nil }
        // Each axis's median, then their quadratic mean: a pooled median is 0 as soon as one axis is (a track
        // whose noise shows on one axis only — coordinates rounded on the other — smoothed at q 30 measured +54 %).
        let medianEast = SampleStatistics.upperMedian(&east), medianNorth = SampleStatistics.upperMedian(&north)
        let median = ((medianEast * medianEast + medianNorth * medianNorth) / 2).squareRoot()
        guard median.isFinite, median > 0 else { return nil }
        return PositionStepNoise(medianSecondDifference: median, count: 2 * east.count)
    }

    /// The accuracy-like per-axis 1-σ of a fix, metres: the median ÷ ``stepNoiseRatio``.
    var sigma: Double { medianSecondDifference / Self.stepNoiseRatio }

    /// The constant-velocity model's spectral density q, m²/s³: ``processNoiseScale`` ÷ σ², within
    /// ``processNoiseRange``.
    var processNoise: Double {
        min(max(Self.processNoiseScale / (sigma * sigma), Self.processNoiseRange.lowerBound), Self.processNoiseRange.upperBound)
    }

    /// Each fix's measurement variance, m²: `variances` (from the fixes' accuracies) scaled so that their upper
    /// median (over at most ``maximumSamples`` of them, evenly spaced) becomes σ² — the run keeps its fixes' relative weights, the step noise sets their scale. All σ² when
    /// the median is not positive.
    func variances(scaling variances: [Double]) -> [Double] {
        let target = sigma * sigma
        guard !variances.isEmpty else { return [] }
        var sampled = Swift.stride(from: 0, to: variances.count, by: Self.samplingStride(variances.count)).map { variances[$0] }
        let median = SampleStatistics.upperMedian(&sampled)
        guard median > 0, median.isFinite else { return Array(repeating: target, count: variances.count) }
        let factor = target / median
        return variances.map { $0 * factor }
    }
}
