import Foundation
import Testing
@testable import TrackPipe

/// `GapPath` against lengths worked out by hand: a straight line, a circular arc's πr/2 and πr, and the turn
/// factor 4 tan(θ/4) / θ.
@Suite struct GapPathTests {
    /// East at `v` m/s on both ends, `chord` metres east, over `duration` seconds.
    func straight(chord: Double, speed v: Double, duration: Double) -> GapPath {
        GapPath(east: chord, north: 0, start: GroundVelocity(east: v, north: 0), end: GroundVelocity(east: v, north: 0), duration: duration)
    }

    /// At constant speed the curve is the straight line: 3 m/s for 30 s over 90 m.
    @Test func aStraightGapIsTheStraightLine() {
        #expect(abs(straight(chord: 90, speed: 3, duration: 30).length - 90) < 1e-9)
    }

    /// A runner who slowed inside the gap (60 m in 30 s between two fixes at 3 m/s): the curve stays on the line
    /// — its speed 3 + 6u(1 − u)(2 − 3) m/s never turns back while the chord is at least a third of 3 m/s × 30 s
    /// — so its length is the 60 m, not the 90 m the speeds alone would count.
    @Test func aStopInsideAStraightGapIsNotCountedAsRunning() {
        #expect(abs(straight(chord: 60, speed: 3, duration: 30).length - 60) < 1e-9)
    }

    /// A quarter circle of radius 50 m at 2 m/s, heading east and ending heading south: πr/2 = 78.54 m. The cubic
    /// approximation with the scaled tangents is 0.014 % long (78.551 m by 200 000 straight pieces); 1e-3
    /// relative bounds it and fails for the unscaled tangents (0.77 % short).
    @Test func aQuarterCircleIsMeasuredAsTheArc() {
        let r = 50.0, v = 2.0
        let path = GapPath(east: r, north: -r, start: GroundVelocity(east: v, north: 0), end: GroundVelocity(east: 0, north: -v),
                           duration: .pi * r / 2 / v)
        #expect(abs(path.length / (.pi * r / 2) - 1) < 1e-3)
        #expect(abs(path.length - 78.5508) < 1e-3)
    }

    /// A half circle (a runner turning back in the gap): πr = 157.08 m; the scaled curve is 0.96 % long (158.58 m
    /// by 200 000 straight pieces), the unscaled one would be 9.5 % short.
    @Test func aReversalIsMeasuredNearTheHalfCircle() {
        let r = 50.0, v = 2.0
        let path = GapPath(east: 0, north: -2 * r, start: GroundVelocity(east: v, north: 0), end: GroundVelocity(east: -v, north: 0),
                           duration: .pi * r / v)
        #expect(abs(path.length - 158.582) < 1e-2)
    }

    /// A gap that ends just past a corner (`stop-and-go-doppler`'s minute-long one, by hand): north at 2.62 m/s,
    /// then west at 3.66 m/s, 151.9 m due north of the start after 61 s. The curve turns all the way across the gap
    /// and bulges east (longer than 160 m); the two legs along the courses meet at the end, 151.9 + 0 m: the path.
    @Test func aGapEndingPastACornerIsMeasuredAlongTheLegs() throws {
        let path = GapPath(east: 0, north: 151.9, start: GroundVelocity(east: 0, north: 2.62), end: GroundVelocity(east: -3.66, north: 0), duration: 61)
        let corner = try #require(path.cornerLength)
        #expect(abs(corner - 151.9) < 1e-9)
        #expect(path.curveLength > 160)
        #expect(path.length == corner)
    }

    /// Where the legs are longer than the curve, the curve: a corner halfway (50 m east, then 50 m north, at 3 m/s)
    /// has legs of 100 m and a curve of about a quarter circle's 78.5 m. Legs that would meet behind the first fix
    /// (the second fix 50 m west, heading north, after heading east) or courses that never meet (parallel) give
    /// no corner.
    @Test func theCornerOnlyWhereItIsShorterAndAhead() throws {
        let halfway = GapPath(east: 50, north: 50, start: GroundVelocity(east: 3, north: 0), end: GroundVelocity(east: 0, north: 3), duration: 100.0 / 3)
        #expect(abs(try #require(halfway.cornerLength) - 100) < 1e-9)
        #expect(halfway.length == halfway.curveLength && halfway.length < 100)
        let behind = GapPath(east: -50, north: 50, start: GroundVelocity(east: 3, north: 0), end: GroundVelocity(east: 0, north: 3), duration: 30)
        #expect(behind.cornerLength == nil)
        #expect(straight(chord: 90, speed: 3, duration: 30).cornerLength == nil)
        let standing = GapPath(east: 10, north: 0, start: GroundVelocity(east: 0, north: 0), end: GroundVelocity(east: 3, north: 0), duration: 5)
        #expect(standing.cornerLength == nil)
    }

    @Test func theTangentsAreScaledByTheTurn() {
        func scale(_ endEast: Double, _ endNorth: Double) -> Double {
            GapPath(east: 10, north: 0, start: GroundVelocity(east: 3, north: 0), end: GroundVelocity(east: endEast, north: endNorth), duration: 5)
                .tangentScale
        }
        #expect(abs(scale(0, 2) - 4 * tan(Double.pi / 8) / (Double.pi / 2)) < 1e-12)
        #expect(abs(scale(0, -2) - 4 * tan(Double.pi / 8) / (Double.pi / 2)) < 1e-12)
        #expect(abs(scale(-3, 0) - 4 / Double.pi) < 1e-12)
        #expect(scale(5, 0) == 1)
        #expect(scale(0, 0) == 1)
    }

    /// From fixes on the equator: 0.001° east is 111.32 m by the local formula (a·π/180 per degree), the courses
    /// 90° (east) and 0° (north) give the velocities; without a course, or when the time does not increase,
    /// there is no path.
    @Test func fromFixes() throws {
        func fix(lon: Double, time: Double, speed: Double? = 3, course: Double? = 90) -> Fix {
            var f = Fix(time: time, latitude: 0, longitude: lon, sourceIndex: 0)
            f.speed = speed
            f.course = course
            return f
        }
        let path = try #require(GapPath(from: fix(lon: 0, time: 0), to: fix(lon: 0.001, time: 30, course: 0)))
        #expect(abs(path.east - 0.001 * 6_378_137.0 * .pi / 180) < 1e-9 && abs(path.north) < 1e-12)
        #expect(abs(path.start.east - 3) < 1e-12 && abs(path.start.north) < 1e-12)
        #expect(abs(path.end.east) < 1e-12 && abs(path.end.north - 3) < 1e-12)
        #expect(path.duration == 30)
        #expect(GapPath(from: fix(lon: 0, time: 0), to: fix(lon: 0.001, time: 30, course: nil)) == nil)
        #expect(GapPath(from: fix(lon: 0, time: 0, speed: nil), to: fix(lon: 0.001, time: 30)) == nil)
        #expect(GapPath(from: fix(lon: 0, time: 30), to: fix(lon: 0.001, time: 30)) == nil)
        #expect(GapPath(from: fix(lon: 0, time: 0), to: fix(lon: .nan, time: 30)) == nil)
        #expect(GapPath(from: fix(lon: 0, time: 0), to: fix(lon: 1, time: 30)) == nil)  // 111 km: beyond the flat frame
    }
}
