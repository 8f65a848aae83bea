/// `track-smoother`'s smoother as the stage runs it: the same forward Kalman filter as
/// ``GaussMarkovSmootherCore``, then the modified Bryson–Frazier backward pass (G. J. Bierman, "Fixed interval
/// smoothing with discrete measurements", Int. J. Control 18, 1973) instead of Rauch–Tung–Striebel's.
///
/// The state is both axes at once (6) or, when nothing measured joins them, one axis at a time (3, half the work:
/// ``GaussMarkovState``); n below is that size.
///
/// RTS needs, at every fix, the gain C = Pₖ Φᵀ (P⁻ₖ₊₁)⁻¹ — an n×n Cholesky solve with n right-hand sides — and the
/// sandwich C (Pˢₖ₊₁ − P⁻ₖ₊₁) Cᵀ. The adjoint form carries λ (n) and Λ (n×n) backwards instead, and each of the
/// fix's scalar updates (gain K, row h, innovation ν, s) changes them by a rank-two correction:
///
///     λ ← (I − K h)ᵀ λ − hᵀ ν/s,    Λ ← (I − K h)ᵀ Λ (I − K h) + hᵀ h/s,
///
/// and λ ← Φᵀ λ, Λ ← Φᵀ Λ Φ to the fix before (``GaussMarkovStep/pullBack(_:_:)``). At each fix, before its updates
/// are taken back, xˢₖ = x⁺ₖ − P⁺ₖ λ and Pˢₖ = P⁺ₖ − P⁺ₖ Λ P⁺ₖ (only the two position variances are formed). No
/// matrix is inverted or factorised. The forward pass keeps each fix's prediction (x⁻, P⁻: 336 bytes a fix, 96 an axis, what
/// RTS keeps of the filtered state); the backward pass replays the fix's updates from it with the same code
/// (``GaussMarkovSmootherCore/measure(_:model:_:_:_:log:gains:)``), so every gain and x⁺, P⁺ are the forward
/// pass's to the bit and none is stored. The tests hold it to the textbook RTS form on GSL — 1e-9 m, 1e-9 m/s and
/// 1e-12 of the variance on seeded runs of every measurement kind (about 1e-12 m seen) — and to a numpy reference.
enum GaussMarkovAdjointSmoother {
    typealias Core = GaussMarkovSmootherCore

    /// Smooths one run; `measurements` in time order (Δt ≥ 0). Each axis on its own (``GaussMarkovOneAxis``) unless
    /// a speed measured without a course joins them (``GaussMarkovSmootherCore/couplesAxes(_:)``); `bothAxes` forces
    /// the 6-state passes (the tests compare the two).
    /// The Doppler velocity's error d is a state (``GaussMarkovVelocityError``) when the model has one and some fix
    /// measures a velocity with its course (nothing else measures d).
    static func smooth(_ measurements: [Core.Measurement], model: Core.Model, bothAxes: Bool = false) -> [Core.Estimate] {
        guard !measurements.isEmpty else { return [] }
        if model.velocityErrorSigma > 0, measurements.contains(where: { $0.velocity != nil && !$0.stopped }) {
            return smooth(measurements, model: model, bothAxes: bothAxes, errors: GaussMarkovVelocityError.self)
        }
        return smooth(measurements, model: model, bothAxes: bothAxes, errors: GaussMarkovPositionError.self)
    }

    private static func smooth<Errors: GaussMarkovErrors>(_ measurements: [Core.Measurement], model: Core.Model, bothAxes: Bool,
                                                          errors: Errors.Type) -> [Core.Estimate] {
        withUnsafeTemporaryAllocation(of: Core.AppliedUpdate.self, capacity: Core.maximumUpdates) { log in
            if bothAxes || Core.couplesAxes(measurements) {
                return smooth(measurements, model: model, log: log.baseAddress!, state: GaussMarkovBothAxes<Errors>.self)
            }
            var out = smooth(measurements, model: model, log: log.baseAddress!, state: GaussMarkovOneAxis<GaussMarkovEast, Errors>.self)
            let north = smooth(measurements, model: model, log: log.baseAddress!, state: GaussMarkovOneAxis<GaussMarkovNorth, Errors>.self)
            for k in out.indices {
                // As GaussMarkovBothAxes.estimate forms them.
                out[k].north = north[k].east
                out[k].velocityNorth = north[k].velocityEast
                out[k].positionVariance = (out[k].positionVariance + north[k].positionVariance) / 2
            }
            return out
        }
    }

    /// `log`: room for one fix's ``GaussMarkovSmootherCore/maximumUpdates`` (on the stack, no allocation).
    private static func smooth<State: GaussMarkovState>(_ measurements: [Core.Measurement], model: Core.Model,
                                                        log: UnsafeMutablePointer<Core.AppliedUpdate>,
                                                        state: State.Type) -> [Core.Estimate] {
        let count = measurements.count
        let n = State.n, nn = n * n, updates = Core.maximumUpdates
        // One buffer: per fix x⁻, P⁻ (the prediction, before the fix's measurements), then scratch.
        let oX = 0, oP = count * n
        let oQ = oP + count * nn, oTmp = oQ + nn, oLam = oTmp + nn
        let oState = oLam + nn, oNext = oState + n, oPH = oNext + n, oLambda = oPH + n, oU = oLambda + n
        let oGains = oU + n, oCov = oGains + updates * n
        let total = oCov + nn
        let w = UnsafeMutablePointer<Double>.allocate(capacity: total)
        (w + oQ).initialize(repeating: 0, count: total - oQ)
        defer { w.deallocate() }
        let q = w + oQ, tmp = w + oTmp, bigLambda = w + oLam
        let x = w + oState, next = w + oNext, ph = w + oPH, lambda = w + oLambda, u = w + oU
        let gains = w + oGains, p = w + oCov

        let first = measurements[0]
        State.start(at: first, model: model, x, p)
        var step = GaussMarkovStep<State>(q: q, dt: .nan, decay: 0)
        func prepare(_ dt: Double) {
            if dt != step.dt { step = Core.transition(dt: dt, model: model, q: q, state: State.self) }
        }
        var previousTime = first.time
        for k in 0..<count {
            let m = measurements[k]
            if k > 0 {
                prepare(max(0, m.time - previousTime))
                step.predict(x, into: next)
                copy(next, to: x, count: n)
                step.predict(covariance: p, phiP: tmp, into: p)
            }
            previousTime = m.time
            copy(x, to: w + oX + k * n, count: n)
            copy(p, to: w + oP + k * nn, count: nn)
            _ = State.measure(m, model: model, x, p, ph, log: nil, gains: nil)
        }

        // Backwards. λ and Λ start at 0 after the last fix's updates (nothing later is measured).
        var out = [Core.Estimate](repeating: Core.Estimate(east: 0, north: 0, velocityEast: 0, velocityNorth: 0,
                                                           positionVariance: 0), count: count)
        for k in stride(from: count - 1, through: 0, by: -1) {
            let xk = w + oX + k * n, pk = w + oP + k * nn
            // The fix's updates again, from its prediction, for their gains.
            copy(xk, to: x, count: n)
            copy(pk, to: p, count: nn)
            let applied = State.measure(measurements[k], model: model, x, p, ph, log: log, gains: gains)
            // From the filtered state, not the prediction: P⁺ is near the measurement's variance, where P⁻ can be
            // 10⁵ times Pˢ (the first fix's diffuse prior, a long gap's), and P⁻ − P⁻ Λ P⁻ lost six digits there.
            out[k] = estimate(x, p, lambda, bigLambda, state: State.self)
            guard k > 0 else { break }
            for j in stride(from: applied - 1, through: 0, by: -1) {
                adjoint(log[j], gain: gains + j * n, lambda, bigLambda, u, state: State.self)
            }
            prepare(max(0, measurements[k].time - measurements[k - 1].time))
            step.pullBack(lambda, bigLambda)
        }
        return out
    }

    /// Copies `count` doubles element by element: the state's 3 to 64, where a call to `memmove` cost more than the
    /// copy (2 % of the stage on the reference run).
    @inline(__always)
    static func copy(_ source: UnsafeMutablePointer<Double>, to target: UnsafeMutablePointer<Double>, count: Int) {
        for i in 0..<count { target[i] = source[i] }
    }

    /// Takes λ and Λ back through one scalar update (`record`, gain `g`): λ ← λ − hᵀ (gᵀλ + ν/s),
    /// Λ ← Λ − hᵀ uᵀ − u h + (gᵀu + 1/s) hᵀ h with u = Λ g. Only Λ's rows and columns i₀ and i₁ change; each entry
    /// is worked out once and written to both halves, so Λ stays exactly symmetric.
    @inline(__always)
    static func adjoint<State: GaussMarkovState>(_ record: Core.AppliedUpdate, gain g: UnsafeMutablePointer<Double>,
                                                 _ lambda: UnsafeMutablePointer<Double>, _ bigLambda: UnsafeMutablePointer<Double>,
                                                 _ u: UnsafeMutablePointer<Double>, state: State.Type) {
        let n = State.n
        var a = 0.0
        for i in 0..<n { a += g[i] * lambda[i] }
        let t = a + record.innovation * record.inverseVariance
        lambda[record.i0] -= record.w0 * t
        if record.i1 >= 0 { lambda[record.i1] -= record.w1 * t }
        var c = 0.0
        for i in 0..<n {
            var sum = 0.0
            let row = bigLambda + i * n
            for j in 0..<n { sum += row[j] * g[j] }
            u[i] = sum
            c += g[i] * sum
        }
        let cs = c + record.inverseVariance
        // h as a dense row (two entries at most), read by index below.
        @inline(__always) func h(_ i: Int) -> Double {
            i == record.i0 ? record.w0 : (i == record.i1 ? record.w1 : 0)
        }
        /// Row (and column) `r` of the new Λ, skipping column `skip` (already written).
        @inline(__always) func renew(_ r: Int, weight hr: Double, skip: Int) {
            let ur = u[r]
            for j in 0..<n where j != skip {
                let hj = h(j)
                let value = bigLambda[r * n + j] - hr * u[j] - ur * hj + cs * hr * hj
                bigLambda[r * n + j] = value
                bigLambda[j * n + r] = value
            }
        }
        renew(record.i0, weight: record.w0, skip: -1)
        if record.i1 >= 0 { renew(record.i1, weight: record.w1, skip: record.i0) }
    }

    /// The smoothed estimate at a fix from its filtered state (`x`, `p`, after its updates) and the adjoints
    /// carried back to it (λ̂, Λ̂, before its updates are undone): xˢ = x⁺ − P⁺ λ̂ (positions and velocities), and
    /// the position variances P⁺ᵢᵢ − (P⁺ eᵢ)ᵀ Λ̂ (P⁺ eᵢ).
    @inline(__always)
    static func estimate<State: GaussMarkovState>(_ x: UnsafeMutablePointer<Double>, _ p: UnsafeMutablePointer<Double>,
                                                  _ lambda: UnsafeMutablePointer<Double>, _ bigLambda: UnsafeMutablePointer<Double>,
                                                  state: State.Type) -> Core.Estimate {
        let n = State.n
        @inline(__always) func smoothed(_ i: Int) -> Double {
            var sum = 0.0
            for j in 0..<n { sum += p[i * n + j] * lambda[j] }
            return x[i] - sum
        }
        @inline(__always) func variance(_ i: Int) -> Double {
            // P⁺ is symmetric: its column i is its row i.
            let column = p + i * n
            var quadratic = 0.0
            for r in 0..<n {
                var sum = 0.0
                for j in 0..<n { sum += bigLambda[r * n + j] * column[j] }
                quadratic += column[r] * sum
            }
            return column[i] - quadratic
        }
        return State.estimate(smoothed: smoothed, variance: variance)
    }
}
