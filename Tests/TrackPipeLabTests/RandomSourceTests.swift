import Foundation
import Testing
import TrackPipe
import TrackPipeLab

/// The simulator's generators against their authors' reference outputs, and the Gauss–Markov process
/// against its theory.
@Suite struct RandomSourceTests {
    /// xoshiro256** from state {1, 2, 3, 4}: the reference C code's first outputs (also the rand_xoshiro
    /// test vector; recomputed independently with a Python transcription of the C code).
    @Test func xoshiroMatchesTheReference() {
        var g = Xoshiro256StarStar(state: (1, 2, 3, 4))
        let expected: [UInt64] = [11520, 0, 1_509_978_240, 1_215_971_899_390_074_240, 1_216_172_134_540_287_360, 607_988_272_756_665_600]
        #expect((0..<6).map { _ in g.next() } == expected)
    }

    /// SplitMix64 seeded 1234567: the reference outputs of Vigna's splitmix64.c.
    @Test func splitMixMatchesTheReference() {
        var g = SplitMix64(seed: 1_234_567)
        #expect((0..<3).map { _ in g.next() } == [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423])
    }

    @Test func sameSeedSameSequenceDifferentSeedDifferent() {
        var a = Xoshiro256StarStar(seed: 42), b = Xoshiro256StarStar(seed: 42), c = Xoshiro256StarStar(seed: 43)
        let sa = (0..<100).map { _ in a.next() }, sb = (0..<100).map { _ in b.next() }, sc = (0..<100).map { _ in c.next() }
        #expect(sa == sb)
        #expect(sa != sc)
    }

    /// Box–Muller normals: mean 0 and variance 1 within 4 standard errors (n = 200 000: SE of the mean
    /// 0.0022, of the variance √(2/n) = 0.0032).
    @Test func gaussianHasUnitVariance() {
        var g = Xoshiro256StarStar(seed: 7)
        let n = 200_000
        let xs = (0..<n).map { _ in g.gaussian() }
        let mean = xs.reduce(0, +) / Double(n)
        let variance = xs.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(n - 1)
        #expect(abs(mean) < 4 * (1 / Double(n)).squareRoot())
        #expect(abs(variance - 1) < 4 * (2 / Double(n)).squareRoot())
    }

    static func autocorrelation(_ xs: [Double], lag: Int) -> Double {
        let mean = xs.reduce(0, +) / Double(xs.count)
        var num = 0.0, den = 0.0
        for i in xs.indices {
            den += (xs[i] - mean) * (xs[i] - mean)
            if i + lag < xs.count { num += (xs[i] - mean) * (xs[i + lag] - mean) }
        }
        return num / den
    }

    /// Property: a first-order Gauss–Markov process has standard deviation 1 and autocorrelation exp(−lag/τ).
    /// 400 000 one-second steps at τ = 30 s hold about 400 000 / (2τ) ≈ 6 700 independent stretches, so
    /// the sample std is within ~1 % and the autocorrelations within ~0.02 of theory; the tolerances are 3 %
    /// and 0.04.
    @Test(arguments: [10.0, 30.0])
    func gaussMarkovStatisticsMatchTheory(tau: Double) {
        var random = Xoshiro256StarStar(seed: 99)
        var process = GaussMarkovProcess(timeConstant: tau, random: &random)
        var xs: [Double] = []
        xs.reserveCapacity(400_000)
        for _ in 0..<400_000 { xs.append(process.step(1, random: &random)) }
        let mean = xs.reduce(0, +) / Double(xs.count)
        let std = (xs.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(xs.count - 1)).squareRoot()
        #expect(abs(std - 1) < 0.03, "std \(std)")
        for lag in [1, Int(tau), 2 * Int(tau)] {
            let r = Self.autocorrelation(xs, lag: lag)
            let theory = exp(-Double(lag) / tau)
            #expect(abs(r - theory) < 0.04, "lag \(lag): \(r) vs \(theory)")
        }
    }
}
