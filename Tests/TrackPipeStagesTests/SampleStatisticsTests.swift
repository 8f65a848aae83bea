import Testing
@testable import TrackPipeStages
import TrackPipeLab

/// The median by selection equals the median read off a sorted copy, on lists of every shape a stage meets (time
/// steps of a 1 Hz run: nearly all equal; step lengths: spread; sorted, reversed, small, even and odd counts).
@Suite struct SampleStatisticsTests {
    func sortedMedian(_ values: [Double]) -> Double? {
        let v = values.filter(\.isFinite).sorted()
        guard !v.isEmpty else { return nil }
        let m = v.count / 2
        return v.count % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2
    }

    @Test(arguments: 0..<300)
    func medianEqualsTheSortedMedian(seed: UInt64) {
        var rng = SplitMix64(seed: 31_000 + seed)
        let count = seed < 40 ? Int(seed) : Int.random(in: 1...5000, using: &rng)
        var values: [Double]
        switch seed % 5 {
        case 0: values = (0..<count).map { _ in Double.random(in: 0...1, using: &rng) < 0.97 ? 1 : Double(Int.random(in: 2...5, using: &rng)) }
        case 1: values = (0..<count).map { _ in Double.random(in: -100...100, using: &rng) }
        case 2: values = (0..<count).map { Double($0 / 3) }
        case 3: values = (0..<count).map { Double(count - $0) }
        default: values = (0..<count).map { _ in Double(Int.random(in: 0...3, using: &rng)) }
        }
        if seed % 7 == 0, !values.isEmpty { values[values.count / 2] = .nan }
        if seed % 11 == 0 { values.append(.infinity) }
        #expect(SampleStatistics.median(values) == sortedMedian(values), "seed \(seed), \(values.count) values")
    }

    /// Selection leaves the k-th value in place with no larger value before it and no smaller one after it.
    @Test(arguments: 0..<50)
    func selectPartitionsAroundK(seed: UInt64) {
        var rng = SplitMix64(seed: 32_000 + seed)
        var values = (0..<Int.random(in: 1...2000, using: &rng)).map { _ in Double(Int.random(in: 0...50, using: &rng)) }
        let k = Int.random(in: 0..<values.count, using: &rng)
        let expected = values.sorted()[k]
        let got = values.withUnsafeMutableBufferPointer { SampleStatistics.select($0, k) }
        #expect(got == expected && values[k] == expected)
        #expect(values[..<k].allSatisfy { $0 <= expected } && values[(k + 1)...].allSatisfy { $0 >= expected })
    }

    /// The percentile by selection equals type-7 interpolation read off a sorted copy, for every p and shape.
    @Test(arguments: 0..<100)
    func percentileEqualsTheSortedPercentile(seed: UInt64) {
        var rng = SplitMix64(seed: 33_000 + seed)
        let count = seed < 10 ? Int(seed) + 1 : Int.random(in: 1...3000, using: &rng)
        var values = seed % 3 == 0
            ? (0..<count).map { _ in Double(Int.random(in: 0...4, using: &rng)) }
            : (0..<count).map { _ in Double.random(in: 0...12, using: &rng) }
        if seed % 13 == 0 { values[count / 2] = .nan }
        let sorted = values.sorted()
        for p in [0, 1, 50, 90, 95, 99.5, 100, Double(Int.random(in: 0...100, using: &rng)) + 0.25] {
            let rank = min(p, 100) / 100 * Double(count - 1)
            let lo = Int(rank.rounded(.down)), hi = min(lo + 1, count - 1)
            let expected = sorted[lo] + (rank - Double(lo)) * (sorted[hi] - sorted[lo])
            let got = SampleStatistics.percentile(p, of: values)
            #expect(got == expected || (got?.isNaN == true && expected.isNaN), "seed \(seed), p \(p)")
        }
        #expect(SampleStatistics.percentile(95, of: []) == nil)
    }
}
