/// Why the Kalman core could not produce a result for a run. The stages turn these into drops or
/// pass-throughs with a reason; they never reach the user as a crash.
public enum KalmanFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// A time, coordinate or variance at `index` (within the run) is NaN or infinite, or a variance is ≤ 0.
    case invalidMeasurement(index: Int)
    /// Time went backwards at `index` (dt < 0 seconds).
    case timeNotIncreasing(index: Int, dt: Double)
    /// A covariance that must be positive definite was not (rounding with extreme inputs) at `index`.
    case notPositiveDefinite(index: Int)
    /// The model's parameters are not finite and positive.
    case invalidModel
    /// GSL refused a call.
    case gsl(GSLError)

    public var description: String {
        switch self {
        case .invalidMeasurement(let i): return "measurement \(i) has a non-finite value or a non-positive variance"
        case .timeNotIncreasing(let i, let dt): return "time goes backwards by \(-dt) s at measurement \(i)"
        case .notPositiveDefinite(let i): return "covariance lost positive definiteness at measurement \(i)"
        case .invalidModel: return "model parameters must be finite and positive"
        case .gsl(let e): return e.description
        }
    }
}
