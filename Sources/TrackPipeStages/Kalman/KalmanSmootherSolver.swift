/// How ``KalmanCore`` computes the smoothed means. Both give the same answer (the maximum a posteriori
/// trajectory); a test holds them to each other and to the reference.
public enum KalmanSmootherSolver: String, Sendable, Hashable, CaseIterable {
    /// The Rauch–Tung–Striebel backward recursion, in closed form on the shared 2×2 covariance (plain Swift,
    /// no calls): the fastest measured (see the notes), and robust to tiny and zero time steps.
    case rts
    /// The smoothed means as the solution of one banded symmetric positive-definite system (the normal
    /// equations of the whole trajectory, block-tridiagonal in time, bandwidth 3), factored once by GSL's
    /// `gsl_linalg_cholesky_band_decomp` and solved for east and north together by
    /// `gsl_linalg_cholesky_band_svxm`. Variances still come from the RTS covariance recursion.
    case bandedCholesky = "banded-cholesky"
}
