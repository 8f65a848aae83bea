import Foundation
import Testing
import TrackPipe

/// Speed and course (degrees clockwise from north) against east/north components, by hand.
@Suite struct GroundVelocityTests {
    @Test func coursesByHand() throws {
        #expect(GroundVelocity(east: 0, north: 2).course == 0)
        #expect(GroundVelocity(east: 3, north: 0).course == 90)
        #expect(GroundVelocity(east: 0, north: -1).course == 180)
        #expect(GroundVelocity(east: -1, north: 0).course == 270)
        #expect(GroundVelocity(east: 0, north: 0).course == nil)
        #expect(GroundVelocity(east: 3, north: 4).speed == 5)
        let v = try #require(GroundVelocity(speed: 2, course: 225))
        #expect(abs(v.east + 2.squareRoot()) < 1e-12 && abs(v.north + 2.squareRoot()) < 1e-12)
        #expect(abs((v.course ?? 0) - 225) < 1e-9)
        #expect(GroundVelocity(speed: -1, course: 0) == nil && GroundVelocity(speed: 1, course: .nan) == nil)
    }
}
