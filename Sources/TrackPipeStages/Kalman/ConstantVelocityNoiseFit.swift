import Foundation

/// The process noise q and the measurement σ under which a run's positions are most likely for the
/// constant-velocity model: for recordings that say nothing about their accuracy, where a fixed σ would only be a
/// guess. Each pair of a grid (q 0.03–30 m²/s³, σ 0.1–7 m) is scored by the forward filter's log-likelihood of the
/// positions, Σ −log S − ‖ν‖²/(2S) over both axes (innovation ν, innovation variance S per axis; the first fix
/// starts the filter and is not scored), and the best pair wins.
///
/// σ goes down to 0.1 m, about the step of coordinates written with six decimals (0.11 m of latitude): bike
/// computers' positions are that smooth, and with the grid stopping at 0.5 m the Whitchurch ride's devices fitted
/// its floor in most runs and were smoothed more than their noise asks (distance 0.03–0.08 points lower).
///
/// Why: a bike computer or a watch without an accuracy field has usually filtered its own positions, and the
/// fixed σ of 5 m then makes the smoother cut every corner (the Whitchurch ride's five such devices: 1.0–2.3
/// points of distance lost against raw). Their own steps say how much noise is left.
struct ConstantVelocityNoiseFit: Sendable, Hashable {
    /// Spectral density q, m²/s³.
    var processNoise: Double
    /// Per-axis measurement σ, metres.
    var sigma: Double
    /// The log-likelihood of the positions (up to a constant).
    var logLikelihood: Double

    static let processNoiseGrid: [Double] = [0.03, 0.1, 0.3, 1, 3, 10, 30]
    static let sigmaGrid: [Double] = [0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2, 3, 5, 7]

    /// The best pair of the grids for `points` (time s, east and north m in one metre frame, time not decreasing);
    /// `nil` for fewer than 3 points or when no pair scores a finite likelihood.
    static func maximumLikelihood(_ points: [(time: Double, east: Double, north: Double)], model: ConstantVelocityModel)
        -> ConstantVelocityNoiseFit? {
        guard points.count >= 3 else { return nil }
        var best: ConstantVelocityNoiseFit?
        for q in processNoiseGrid {
            for sigma in sigmaGrid {
                let ll = logLikelihood(points, model: model, processNoise: q, variance: sigma * sigma)
                if ll.isFinite, ll > (best?.logLikelihood ?? -.infinity) {
                    best = ConstantVelocityNoiseFit(processNoise: q, sigma: sigma, logLikelihood: ll)
                }
            }
        }
        return best
    }

    /// The forward filter's log-likelihood of `points` (up to a constant) with spectral density `processNoise`
    /// and per-axis measurement variance `variance` (m²).
    static func logLikelihood(_ points: [(time: Double, east: Double, north: Double)], model: ConstantVelocityModel,
                              processNoise: Double, variance: Double) -> Double {
        guard let first = points.first else { return 0 }
        var state = ConstantVelocityFilterState(model: model)
        state.east = first.east
        state.north = first.north
        var previous = first.time
        var total = 0.0
        // Once the covariance settles (a steady sampling rate), S repeats exactly from fix to fix: its logarithm
        // is then the last one's (`log` was over a third of the fit's time).
        var lastS = Double.nan, lastLogS = Double.nan
        for p in points.dropFirst() {
            let dt = p.time - previous
            if dt > 0 { state.predict(dt: dt, q: processNoise) }
            previous = p.time
            let s = state.a + variance
            if s != lastS {
                lastS = s
                lastLogS = Foundation.log(s)
            }
            let yEast = p.east - state.east, yNorth = p.north - state.north
            total -= lastLogS + (yEast * yEast + yNorth * yNorth) / (2 * s)
            state.update(east: p.east, north: p.north, variance: variance)
        }
        return total
    }
}
