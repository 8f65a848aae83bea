/// The matrix products `track-smoother`'s Kalman filter and RTS smoother need, on 6×6 row-major matrices and
/// 6-vectors. Two forms compute them: ``GSLGaussMarkovProducts`` (dense `gsl_blas` products, the general form)
/// and ``StructuredGaussMarkovProducts`` (Φ's zeros written out); the tests hold them equal to 1e-9 m.
protocol GaussMarkovProducts {
    /// `y` = Φ x.
    static func propagateMean(_ x: UnsafeMutablePointer<Double>, into y: UnsafeMutablePointer<Double>,
                              _ step: GaussMarkovStep) throws(GSLError)

    /// `out` = Φ P Φᵀ + Q; `phiP` receives Φ P (the smoother uses it). `out` may be `p`.
    static func propagateCovariance(_ p: UnsafeMutablePointer<Double>, phiP: UnsafeMutablePointer<Double>,
                                    into out: UnsafeMutablePointer<Double>, _ step: GaussMarkovStep) throws(GSLError)

    /// `y` = C v, with the smoother gain given as its transpose `ct` = Cᵀ.
    static func gainTimes(_ ct: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Double>,
                          into y: UnsafeMutablePointer<Double>) throws(GSLError)

    /// `out` = C D Cᵀ, with C given as `ct` = Cᵀ; `scratch` is a 6×6 work area.
    static func gainSandwich(_ ct: UnsafeMutablePointer<Double>, _ d: UnsafeMutablePointer<Double>,
                             scratch: UnsafeMutablePointer<Double>, into out: UnsafeMutablePointer<Double>) throws(GSLError)
    /// Solves M X = B for the smoother gain, X in place of B (6×6, row-major; six right-hand sides), M symmetric
    /// positive definite and destroyed; throws when M is not positive definite.
    static func solveGain(_ m: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>) throws(GSLError)
}
