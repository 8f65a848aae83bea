import Foundation
import Testing
import TrackPipe
import TrackPipeTesting

/// The plugin authors' fixture builder puts fixes where it says, checked with the haversine distance on the
/// same mean-radius sphere (an independent path: great circles, not the equirectangular frame the builder uses).
@Suite struct TrackFixturesTests {
    let fixtures = TrackFixtures()

    @Test func straightRunStepsAreSpeedTimesIntervalDueEast() throws {
        let run = fixtures.straight(count: 11, speed: 3, interval: 2)
        #expect(run.map(\.sourceIndex) == Array(0...10))
        #expect(run.map { $0.time! - fixtures.startTime } == (0...10).map { Double($0) * 2 })
        for (a, b) in zip(run, run.dropFirst()) {
            // Along a parallel the frame's east metres are the sphere's: agreement to floating-point precision.
            #expect(abs(Geodesy.haversine(a.point, b.point) - 6) < 1e-6)
            #expect(abs(a.latitude - b.latitude) < 1e-12)  // due east: same latitude
        }
        #expect(run.allSatisfy { $0.horizontalAccuracy == 5 })
    }

    @Test func fixOffsetsAreMetresFromTheReference() throws {
        let f = fixtures.fix(7, t: 10, east: 300, north: 400, accuracy: nil)
        // Off the reference parallel the frame keeps cos(reference latitude) for east metres: at 400 m north
        // that shifts the 300 m east leg by 300·tan(51.5°)·(400/R) ≈ 2.4 cm, the hypotenuse by ≈ 1.5 cm.
        #expect(abs(Geodesy.haversine(fixtures.reference, f.point) - 500) < 0.03)
        #expect(f.time == fixtures.startTime + 10 && f.sourceIndex == 7 && f.horizontalAccuracy == nil)
        #expect(fixtures.fix(0, t: nil).time == nil)
    }

    @Test func stationaryStaysAtTheReference() {
        let still = fixtures.stationary(count: 4, interval: 5)
        #expect(still.allSatisfy { $0.point == fixtures.reference })
        #expect(still.map(\.time) == [0, 5, 10, 15].map { fixtures.startTime + $0 })
    }

    @Test func aPoleCannotCarryAFrame() {
        #expect(TrackFixtures(reference: GeoPoint(latitude: 90, longitude: 0)) == nil)
    }
}
