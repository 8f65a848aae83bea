/// One step of `track-smoother`'s model between two fixes: Φ and Q as 6×6 row-major matrices (state
/// [pₑ, vₑ, bₑ, pₙ, vₙ, bₙ]) and the two numbers Φ is made of, Δt (s) and the error's decay e^(−Δt/τ).
struct GaussMarkovStep {
    /// Φ: per axis [[1, Δt, 0], [0, 1, 0], [0, 0, decay]].
    var phi: UnsafeMutablePointer<Double>
    /// Q: per axis q·[[Δt³/3, Δt²/2, 0], [Δt²/2, Δt, 0], [0, 0, 0]] plus σ_b²(1 − decay²) for the error.
    var q: UnsafeMutablePointer<Double>
    /// Δt, s.
    var dt: Double
    /// e^(−Δt/τ) (0 when τ is 0).
    var decay: Double
}
