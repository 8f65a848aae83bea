/// The state `track-smoother`'s smoother carries (``GaussMarkovAdjointSmoother``): both axes at once,
/// [pₑ, vₑ, bₑ, pₙ, vₙ, bₙ] (``GaussMarkovBothAxes``, 6 states), or one axis, [p, v, b]
/// (``GaussMarkovOneAxis``, 3 states) — each block with the Doppler velocity's error d after b when the model has one
/// (``GaussMarkovErrors``: 8 and 4 states).
///
/// Φ, Q and the first covariance are the same per axis and nothing joins the axes but a speed measured without a
/// course (a linearised ‖v‖, ``GaussMarkovSmootherCore/measure(_:model:_:_:_:log:gains:)``). Without one the
/// covariance stays block-diagonal: the 6-state passes carry exact zeros between the axes (a term with a zero
/// factor adds nothing to a sum), and two 3-state passes give the same track — the east axis to the bit, the north
/// one to rounding (about 1e-12 m: the 6-state update of the east position also copies the north block's upper
/// triangle of P over its lower one, which the prediction leaves symmetric only to rounding). The one-axis passes
/// do half the work (3² rather than 6² per product, twice) and keep 192 rather than 336 bytes a fix.
protocol GaussMarkovState {
    /// The number of states: two blocks or one (``block``).
    static var n: Int { get }
    /// The states per axis: 3, [p, v, b], or 4, [p, v, b, d] with the Doppler velocity's own slowly wandering error d
    /// (``GaussMarkovErrors``).
    static var block: Int { get }
    /// The state before the first fix's measurements (`x`: n, `p`: n×n row-major; both written whole).
    static func start(at first: GaussMarkovSmootherCore.Measurement, model: GaussMarkovSmootherCore.Model,
                      _ x: UnsafeMutablePointer<Double>, _ p: UnsafeMutablePointer<Double>)
    /// Applies fix `m`'s measurements of these states, as ``GaussMarkovSmootherCore/measure(_:model:_:_:_:log:gains:)``
    /// does (gains `n` apart in `gains`); returns how many scalar updates were applied.
    static func measure(_ m: GaussMarkovSmootherCore.Measurement, model: GaussMarkovSmootherCore.Model,
                        _ x: UnsafeMutablePointer<Double>, _ p: UnsafeMutablePointer<Double>, _ ph: UnsafeMutablePointer<Double>,
                        log: UnsafeMutablePointer<GaussMarkovSmootherCore.AppliedUpdate>?,
                        gains: UnsafeMutablePointer<Double>?) -> Int
    /// The smoothed estimate from `smoothed(i)` (state i of xˢ) and `variance(i)` (its variance): for one axis its
    /// position in `east`, its velocity in `velocityEast` and its position variance.
    static func estimate(smoothed: (Int) -> Double, variance: (Int) -> Double) -> GaussMarkovSmootherCore.Estimate
}

/// Both axes in one state of 2 × `Errors.block`: what a run with a speed measured without a course needs.
enum GaussMarkovBothAxes<Errors: GaussMarkovErrors>: GaussMarkovState {
    static var n: Int { 2 * Errors.block }
    static var block: Int { Errors.block }

    @inline(__always)
    static func start(at first: GaussMarkovSmootherCore.Measurement, model: GaussMarkovSmootherCore.Model,
                      _ x: UnsafeMutablePointer<Double>, _ p: UnsafeMutablePointer<Double>) {
        GaussMarkovSmootherCore.start(at: first, model: model, x, p, block: block)
    }

    @inline(__always)
    static func measure(_ m: GaussMarkovSmootherCore.Measurement, model: GaussMarkovSmootherCore.Model,
                        _ x: UnsafeMutablePointer<Double>, _ p: UnsafeMutablePointer<Double>, _ ph: UnsafeMutablePointer<Double>,
                        log: UnsafeMutablePointer<GaussMarkovSmootherCore.AppliedUpdate>?,
                        gains: UnsafeMutablePointer<Double>?) -> Int {
        GaussMarkovSmootherCore.measure(m, model: model, x, p, ph, log: log, gains: gains, block: block)
    }

    @inline(__always)
    static func estimate(smoothed: (Int) -> Double, variance: (Int) -> Double) -> GaussMarkovSmootherCore.Estimate {
        GaussMarkovSmootherCore.Estimate(east: smoothed(0), north: smoothed(block), velocityEast: smoothed(1),
                                         velocityNorth: smoothed(block + 1),
                                         positionVariance: (variance(0) + variance(block)) / 2)
    }
}

/// Which slowly wandering errors `track-smoother`'s state carries per axis: the position's (``GaussMarkovPositionError``,
/// [p, v, b]) or also the Doppler velocity's (``GaussMarkovVelocityError``, [p, v, b, d]).
protocol GaussMarkovErrors {
    /// The states per axis, 3 or 4.
    static var block: Int { get }
}

/// The position error only: a Doppler velocity measures v with white noise.
enum GaussMarkovPositionError: GaussMarkovErrors {
    static var block: Int { 3 }
}

/// The position error and the Doppler velocity's: a velocity measures v + d, d first-order Gauss–Markov (σ_d over
/// τ_d) — a receiver's velocity error near buildings is correlated over seconds, and treated as white its integral
/// passes into the distance unchecked by the positions.
enum GaussMarkovVelocityError: GaussMarkovErrors {
    static var block: Int { 4 }
}
