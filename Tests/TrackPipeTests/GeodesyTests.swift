import Testing
@testable import TrackPipe

@Suite struct LocalProjectionTests {
    @Test func roundTripIsExact() throws {
        let p = try LocalProjection(reference: GeoPoint(latitude: 51.5, longitude: -0.12))
        let q = GeoPoint(latitude: 51.512345, longitude: -0.098765)
        let (e, n) = p.project(q)
        let back = p.unproject(east: e, north: n)
        #expect(abs(back.latitude - q.latitude) < 1e-12)
        #expect(abs(back.longitude - q.longitude) < 1e-12)
    }

    @Test func refusesReferenceNearPole() {
        #expect(throws: LocalProjection.Failure.self) {
            _ = try LocalProjection(reference: GeoPoint(latitude: 89.5, longitude: 0))
        }
    }

    @Test func antimeridianStepIsShort() throws {
        let p = try LocalProjection(reference: GeoPoint(latitude: 0, longitude: 179.9999))
        let (e, _) = p.project(GeoPoint(latitude: 0, longitude: -179.9999))
        // 0.0002° of longitude at the equator on the mean sphere.
        #expect(abs(e - Geodesy.meanEarthRadius * 0.0002 * .pi / 180) < 1e-6)
    }
}
