import Foundation
import TrackPipe

/// xoshiro256** 1.0 (Blackman & Vigna, 2018): the simulator's seeded, deterministic random source. Fast,
/// 256 bits of state, passes BigCrush; the same seed gives the same sequence on every platform, so a
/// simulated dataset can be regenerated bit for bit from its `simulate` command.
///
/// Besides raw 64-bit words it draws the few distributions the simulator needs: uniform in [0, 1), uniform in
/// a range, and standard normal (Box–Muller, both values used).
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable {
    private var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64
    /// The second Box–Muller value, kept for the next ``gaussian()`` call.
    private var spareGaussian: Double?

    /// Seeds the four state words from `seed` with ``SplitMix64`` (never all zero).
    public init(seed: UInt64) {
        var mixer = SplitMix64(seed: seed)
        s0 = mixer.next(); s1 = mixer.next(); s2 = mixer.next(); s3 = mixer.next()
        if s0 | s1 | s2 | s3 == 0 { s0 = 1 }
    }

    /// Starts from the four state words as given (at least one non-zero), as the reference implementation's
    /// test vectors do.
    public init(state: (UInt64, UInt64, UInt64, UInt64)) {
        (s0, s1, s2, s3) = state
        if s0 | s1 | s2 | s3 == 0 { s0 = 1 }
    }

    @inline(__always)
    private static func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    public mutating func next() -> UInt64 {
        let result = Self.rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3
        s2 ^= t
        s3 = Self.rotl(s3, 45)
        return result
    }

    /// Uniform in [0, 1) with 53 random bits.
    public mutating func uniform() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// Uniform in `range` (the upper bound is reached only when the range is a single value).
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * uniform()
    }

    /// A whole number uniform in `range`.
    public mutating func integer(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// Standard normal (mean 0, standard deviation 1), by the Box–Muller transform.
    public mutating func gaussian() -> Double {
        if let spare = spareGaussian {
            spareGaussian = nil
            return spare
        }
        var u1 = uniform()
        while u1 <= 0 { u1 = uniform() }
        let u2 = uniform()
        let r = (-2 * log(u1)).squareRoot()
        spareGaussian = r * sin(2 * .pi * u2)
        return r * cos(2 * .pi * u2)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { uniform() < p }
}
