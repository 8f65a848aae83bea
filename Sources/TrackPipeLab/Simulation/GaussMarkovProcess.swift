import Foundation
import TrackPipe

/// A first-order Gauss–Markov process with unit variance: the exponentially correlated noise that models GPS
/// position error (satellite geometry and atmosphere change over tens of seconds, so consecutive fixes share
/// most of their error — white noise would be far too optimistic for distance).
///
///     x(t + Δt) = φ · x(t) + √(1 − φ²) · w,   φ = exp(−Δt / τ),   w ~ N(0, 1)
///
/// Stationary: the standard deviation is 1 and the autocorrelation at lag Δt is exp(−Δt/τ) (e⁻¹ ≈ 0.368 at
/// lag τ). Scale the output by the wanted standard deviation in metres. The first value is drawn from the
/// stationary distribution, so there is no start-up transient.
public struct GaussMarkovProcess: Sendable {
    /// Correlation time τ, seconds.
    public let timeConstant: Double
    /// The current value (unit variance).
    public private(set) var value: Double

    public init(timeConstant: Double, random: inout Xoshiro256StarStar) {
        self.timeConstant = timeConstant
        value = random.gaussian()
    }

    /// Advances the process by `dt` seconds and returns the new value. A time constant of 0 gives white noise.
    @discardableResult
    public mutating func step(_ dt: Double, random: inout Xoshiro256StarStar) -> Double {
        let phi = timeConstant > 0 ? exp(-dt / timeConstant) : 0
        value = phi * value + (1 - phi * phi).squareRoot() * random.gaussian()
        return value
    }
}
