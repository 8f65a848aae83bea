/// One axis of `track-smoother`'s state, [p, v, b] or [p, v, b, d] (`Errors`; ``GaussMarkovState``), for a run whose
/// measurements are all per axis: positions, Doppler velocities with their course, stops. `Axis` picks the east or
/// north component of each measurement. The updates are the both-axes ones on this axis's block, in the same order.
enum GaussMarkovOneAxis<Axis: GaussMarkovAxis, Errors: GaussMarkovErrors>: GaussMarkovState {
    static var n: Int { Errors.block }
    static var block: Int { Errors.block }

    @inline(__always)
    static func start(at first: GaussMarkovSmootherCore.Measurement, model: GaussMarkovSmootherCore.Model,
                      _ x: UnsafeMutablePointer<Double>, _ p: UnsafeMutablePointer<Double>) {
        x.update(repeating: 0, count: n)
        p.update(repeating: 0, count: n * n)
        x[0] = Axis.position(first)
        GaussMarkovSmootherCore.startVariances(p, at: 0, n: n, block: block, model: model)
    }

    @inline(__always)
    static func measure(_ m: GaussMarkovSmootherCore.Measurement, model: GaussMarkovSmootherCore.Model,
                        _ x: UnsafeMutablePointer<Double>, _ p: UnsafeMutablePointer<Double>, _ ph: UnsafeMutablePointer<Double>,
                        log: UnsafeMutablePointer<GaussMarkovSmootherCore.AppliedUpdate>?,
                        gains: UnsafeMutablePointer<Double>?) -> Int {
        var applied = 0
        @inline(__always)
        func apply(_ i0: Int, _ w0: Double, _ i1: Int = -1, _ w1: Double = 0, z: Double, variance: Double) {
            let record = GaussMarkovSmootherCore.update(x, p, ph, i0, w0, i1, w1, z: z, variance: variance, n: n,
                                                        gain: gains.map { $0 + applied * n })
            if let record {
                log?[applied] = record
                applied += 1
            }
        }
        apply(0, 1, 2, 1, z: Axis.position(m), variance: m.positionVariance)
        if m.stopped {
            apply(1, 1, z: 0, variance: model.stopVariance)
        } else if let v = m.velocity {
            if block == 4 {
                apply(1, 1, 3, 1, z: Axis.component(v), variance: model.velocityVariance)
            } else {
                apply(1, 1, z: Axis.component(v), variance: model.velocityVariance)
            }
        }
        return applied
    }

    @inline(__always)
    static func estimate(smoothed: (Int) -> Double, variance: (Int) -> Double) -> GaussMarkovSmootherCore.Estimate {
        GaussMarkovSmootherCore.Estimate(east: smoothed(0), north: 0, velocityEast: smoothed(1), velocityNorth: 0,
                                         positionVariance: variance(0))
    }
}
