import Foundation
import Testing
import TrackPipe
@testable import TrackPipeStages
import TrackPipeLab

/// `StopRegion.allWithin(_:offsets:)` answers from the offsets' bounding box when its farthest corner is within the
/// radius, and checks every offset otherwise. Its answer must be exactly that of checking every offset, the way
/// the rest of the region's arithmetic does, even at a radius equal to the largest distance to the last bit.
@Suite struct StopRegionTests {
    /// The largest distance, metres, from the centroid of `offsets` to any of them, computed here the way the
    /// region computes one distance (centroid as sum ÷ count, then the Euclidean norm).
    func farthest(_ offsets: [(east: Double, north: Double)]) -> Double {
        var se = 0.0, sn = 0.0
        for o in offsets {
            se += o.east
            sn += o.north
        }
        let n = Double(offsets.count)
        return offsets.map { o in
            let de = o.east - se / n, dn = o.north - sn / n
            return (de * de + dn * dn).squareRoot()
        }.max() ?? 0
    }

    @Test(arguments: 0..<200)
    func boundingBoxAnswerEqualsCheckingEveryOffset(seed: UInt64) throws {
        var rng = SplitMix64(seed: 77_000 + seed)
        let first = GeoPoint(latitude: Double.random(in: -80...80, using: &rng), longitude: Double.random(in: -180..<180, using: &rng))
        let anchor = Fix(time: 0, latitude: first.latitude, longitude: first.longitude, sourceIndex: 0)
        var region = StopRegion(first: anchor)
        var offsets = [region.offset(of: anchor)]
        // A cluster (standing), a line (a runner, at any heading) or both, a few to ~40 fixes.
        let heading = Double.random(in: 0..<(2 * .pi), using: &rng)
        let step = Double.random(in: 0...4, using: &rng), jitter = Double.random(in: 0...8, using: &rng)
        for k in 1..<Int.random(in: 2...40, using: &rng) {
            let o = (east: Double(k) * step * cos(heading) + Double.random(in: -jitter...jitter, using: &rng),
                     north: Double(k) * step * sin(heading) + Double.random(in: -jitter...jitter, using: &rng))
            region.add(offset: o)
            offsets.append(o)
            let exact = farthest(offsets)
            // At the farthest distance itself, just below it, and at radii that the box decides or does not.
            #expect(region.allWithin(DistanceLimit(exact), offsets: offsets))
            #expect(!region.allWithin(DistanceLimit(exact.nextDown), offsets: offsets))
            for radius in [exact * 0.9, exact * 1.1, exact * 1.5, 15] {
                #expect(region.allWithin(DistanceLimit(radius), offsets: offsets) == (exact <= radius))
            }
        }
    }

    /// A non-finite offset never lets the bounding box answer: the check of every offset says no.
    @Test func nonFiniteOffsetIsNeverWithin() {
        let anchor = Fix(time: 0, latitude: 51, longitude: 0, sourceIndex: 0)
        var region = StopRegion(first: anchor)
        var offsets = [region.offset(of: anchor)]
        for o in [(east: 1.0, north: 1.0), (east: Double.nan, north: 0.0)] {
            region.add(offset: o)
            offsets.append(o)
        }
        #expect(!region.allWithin(DistanceLimit(1000), offsets: offsets))
    }
}

/// `DistanceLimit` decides "within the radius" on squared distances; its answer must be the square root's to the
/// last bit, at the limit itself and on either side of it.
@Suite struct DistanceLimitTests {
    @Test(arguments: [0.0, 1e-300, 0.1, 1, 2, 3, 15, 15.000000000000002, 30, 1234.5678, 1e150, 1e200])
    func squaredLimitIsTheLargestWithin(radius: Double) {
        let limit = DistanceLimit(radius)
        #expect(limit.squared.squareRoot() <= radius)
        #expect(!(limit.squared.nextUp.squareRoot() <= radius))
        #expect(limit.admits(squaredDistance: limit.squared))
        #expect(!limit.admits(squaredDistance: limit.squared.nextUp))
    }

    @Test(arguments: 0..<50)
    func agreesWithTheSquareRoot(seed: UInt64) {
        var rng = SplitMix64(seed: 91_000 + seed)
        let radius = Double.random(in: 0.5...100, using: &rng)
        let limit = DistanceLimit(radius)
        // Squared distances around radius², a few ulps apart, and anywhere.
        var x = (radius * radius).nextDown.nextDown.nextDown.nextDown
        for _ in 0..<9 {
            #expect(limit.admits(squaredDistance: x) == (x.squareRoot() <= radius))
            x = x.nextUp
        }
        for _ in 0..<100 {
            let d = Double.random(in: 0...(2 * radius), using: &rng)
            #expect(limit.admits(squaredDistance: d * d) == ((d * d).squareRoot() <= radius))
        }
    }

    @Test func nanInfinityAndNegative() {
        #expect(!DistanceLimit(15).admits(squaredDistance: .nan))
        #expect(!DistanceLimit(15).admits(squaredDistance: .infinity))
        #expect(DistanceLimit(.infinity).admits(squaredDistance: 1e308))
        #expect(!DistanceLimit(.infinity).admits(squaredDistance: .nan))
        #expect(!DistanceLimit(-1).admits(squaredDistance: 0))
        #expect(!DistanceLimit(.nan).admits(squaredDistance: 0))
    }
}
