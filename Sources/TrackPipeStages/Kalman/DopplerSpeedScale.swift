import TrackPipe

/// How a receiver's speeds compare with its own positions, so `track-smoother` can take a scale error out of them
/// (`calibrate-speeds`): on the straight stretches of a track, the straight line between the positions at either end
/// against the distance the speeds integrate to in between.
///
/// A speed is the Doppler measurement the smoother trusts most (0.2 m/s), so a receiver whose speeds read a few
/// per cent low makes the smoothed distance as much too short — the Whitchurch ride's two phones, whose speeds
/// integrate to 3 and 4 % less than their straight stretches' ends lie apart. The straight line between two
/// positions is never longer than the path between them, and on a straight stretch it is the path; the positions'
/// noise lengthens it by about σ² ÷ its length (0.1 % at 5 m over 200 m). So the straight lines' total over the speeds'
/// integrals' total, across the stretches, is the speeds' scale error, and the speeds are multiplied by it only when it
/// is clearly above 1: at least ``minimumStretches`` stretches, and at least ``minimumCorrection`` and
/// ``significance`` standard errors (the jackknife's, over the stretches) above 1. Only above: a stretch's bends make
/// its line shorter than its path, so a ratio below 1 may be theirs rather than the speeds' (three stop-and-go-like
/// simulated runs gave 0.986–0.988), and speeds reading high are left as they are. The totals rather than the
/// median of the stretches' ratios: the distance is the speeds' total, and the ratios are skewed (the Whitchurch
/// Xiaomi's median 1.011 against 1.043 in total). On the committed simulated runs, the accuracy sweep's runs with
/// speeds, the Fenix 2 run, the Apple Watch run, the GPSBabel loggers and the RTK drive no scale is applied; the
/// Whitchurch phones' speeds are scaled by 1.033 and 1.043 (`Kalman` article).
struct DopplerSpeedScale: Equatable {
    /// The factor the speeds are multiplied by.
    var scale: Double
    /// Straight stretches it was measured on.
    var stretches: Int

    /// A stretch spans at most this many seconds (s).
    static let stretchSpan = 30.0
    /// The longest step inside a stretch (s): the speeds are integrated across it by the trapezoid, close on a straight
    /// stretch; a longer one (a gap) ends the stretch.
    static let maximumStep = 5.0
    /// A stretch is straight when the line between its ends is at least this fraction of its path — through fixes
    /// ``pathStep`` apart, as the path through every fix of a slow receiver is lengthened by the fixes' noise (1 m
    /// of white noise lengthens 6-m steps by 3 %, 30-m ones by 0.1 %). At 0.97 (with the stretches' median ratio,
    /// tested both ways) three of 40 simulated stop-and-go runs in a park were scaled by 0.984–0.987, their bends
    /// taken for fast speeds; at 0.99 none.
    static let straightness = 0.99
    /// Seconds between the fixes the straightness test's path goes through (s).
    static let pathStep = 5.0
    /// A stretch counts when its speeds integrate to at least this many metres (the positions' noise is then a small
    /// part of it).
    static let minimumLength = 100.0
    /// Fewest straight stretches to judge the speeds on.
    static let minimumStretches = 20
    /// The least correction applied (a fraction): below it the speeds are left as they are.
    static let minimumCorrection = 0.01
    /// How many standard errors (the jackknife's) the scale must lie above 1.
    static let significance = 3.0

    /// The speeds' scale error measured on `fixes` with their usable speeds (finite, not negative, at most
    /// `maximumSpeed` m/s: ``DopplerMean/Reading/speed(of:maximumSpeed:)``), or `nil` when it is not clearly different
    /// from 1 (or cannot be measured: too few straight stretches). Stretches are consecutive fixes with speeds, each
    /// step at most ``maximumStep``, spanning at most ``stretchSpan``, laid end to end without overlap.
    static func estimate(_ fixes: [Fix], maximumSpeed: Double = .infinity) -> DopplerSpeedScale? {
        func speed(_ k: Int) -> Double? { DopplerMean.Reading.speed(of: fixes[k], maximumSpeed: maximumSpeed) }
        // Each straight stretch's line and integrated speed, metres.
        var stretches: [(line: Double, integrated: Double)] = []
        stretches.reserveCapacity(fixes.count / 4 + 1)  // a stretch holds at least two steps
        var start = 0
        while start < fixes.count - 1 {
            guard speed(start) != nil, let t0 = fixes[start].time else { start += 1; continue }
            var integrated = 0.0, path = 0.0
            var end = start, corner = start, cornerTime = t0
            while end + 1 < fixes.count, let a = speed(end), let b = speed(end + 1),
                  let ta = fixes[end].time, let tb = fixes[end + 1].time,
                  tb > ta, tb - ta <= maximumStep, tb - t0 <= stretchSpan {
                integrated += (tb - ta) * (a + b) / 2
                end += 1
                if tb - cornerTime >= pathStep {
                    path += Geodesy.local(fixes[corner].point, fixes[end].point)
                    corner = end
                    cornerTime = tb
                }
            }
            if end > corner { path += Geodesy.local(fixes[corner].point, fixes[end].point) }
            if end > start, integrated >= minimumLength {
                let line = Geodesy.local(fixes[start].point, fixes[end].point)
                if line >= straightness * path { stretches.append((line, integrated)) }
            }
            start = max(end, start + 1)
        }
        let n = stretches.count
        guard n >= minimumStretches else { return nil }
        let lines = stretches.reduce(0) { $0 + $1.line }, integrals = stretches.reduce(0) { $0 + $1.integrated }
        let scale = lines / integrals
        // Its jackknife standard error: the ratio again without each stretch in turn.
        var mean = 0.0
        for s in stretches { mean += (lines - s.line) / (integrals - s.integrated) }
        mean /= Double(n)
        var squares = 0.0
        for s in stretches {
            let d = (lines - s.line) / (integrals - s.integrated) - mean
            squares += d * d
        }
        let standardError = (Double(n - 1) / Double(n) * squares).squareRoot()
        // One-sided: a line longer than the speeds' integral can only be the speeds' error, a shorter one may be the
        // stretches' bends.
        guard scale.isFinite, scale - 1 >= minimumCorrection, scale - 1 >= significance * standardError else { return nil }
        return DopplerSpeedScale(scale: scale, stretches: n)
    }
}
