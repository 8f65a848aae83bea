import TrackPipe

/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014): a 64-bit
/// generator with a single word of state. Used here to expand one seed into the four words of
/// ``Xoshiro256StarStar`` (as its authors recommend), and usable on its own where a tiny generator will do.
/// Swift's `SystemRandomNumberGenerator` cannot be seeded, so simulations that must be reproducible use this.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
