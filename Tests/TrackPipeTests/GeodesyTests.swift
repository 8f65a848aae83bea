import Foundation
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

    @Test func roundTripsAndMatchesTheFormulaAtManyReferences() throws {
        // Across references (mid-latitude, southern, on the antimeridian, 0.1° inside the pole limit): the
        // projection equals e = R·Δλ·cos φ₀, n = R·Δφ (radians, Δλ wrapped) computed here directly, to rounding
        // (0.1 µm; across the antimeridian a whole turn is subtracted from a difference near ±360°, which leaves
        // a few nanometres), and unprojecting returns the point.
        for (lat, lon) in [(45.0, 7.0), (-33.9, 151.2), (0.0, 179.9999), (88.9, -179.99), (51.5, -0.12)] {
            let p = try LocalProjection(reference: GeoPoint(latitude: lat, longitude: lon))
            for (dLat, dLon) in [(0.0, 0.0), (0.01, -0.02), (-0.003, 0.0004), (0.0005, 0.3)] {
                var pLon = lon + dLon
                if pLon > 180 { pLon -= 360 } else if pLon < -180 { pLon += 360 }
                let q = GeoPoint(latitude: lat + dLat, longitude: pLon)
                var dLambda = (pLon - lon) * .pi / 180
                if dLambda > .pi { dLambda -= 2 * .pi } else if dLambda < -.pi { dLambda += 2 * .pi }
                let r = Geodesy.meanEarthRadius
                let (e, n) = p.project(q)
                #expect(abs(e - r * dLambda * cos(lat * .pi / 180)) <= 1e-7)
                #expect(abs(n - r * (q.latitude - lat) * .pi / 180) <= 1e-7)
                let back = p.unproject(east: e, north: n)
                #expect(abs(back.latitude - q.latitude) <= 1e-12 && abs(back.longitude - q.longitude) <= 1e-12)
            }
        }
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

/// `LocalProjection.groundScale`: a frame metre in ground metres, as the default distance formula measures them.
@Suite struct LocalProjectionGroundScaleTests {
    /// By hand at the equator: east a ÷ R = 6 378 137 ÷ 6 371 008.8, north a(1 − e²) ÷ R. And at several
    /// latitudes, a step of 100 frame metres east or north measures 100 × the scale by `Geodesy.local` (to 1e-6
    /// relative: the formula takes its radii at the step's mid-latitude, 0.0005° away for the north step).
    @Test func isTheDistanceFormulasScale() throws {
        let equator = try LocalProjection(reference: GeoPoint(latitude: 0, longitude: 10)).groundScale
        #expect(abs(equator.east - 6_378_137 / 6_371_008.8) < 1e-12)
        #expect(abs(equator.north - 6_378_137 * (1 - Geodesy.wgs84E2) / 6_371_008.8) < 1e-12)
        for latitude in [-60.0, -33.9, 0, 30, 51.45, 72] {
            let p = try LocalProjection(reference: GeoPoint(latitude: latitude, longitude: 5))
            let origin = p.unproject(east: 0, north: 0)
            let east = Geodesy.local(origin, p.unproject(east: 100, north: 0))
            let north = Geodesy.local(origin, p.unproject(east: 0, north: 100))
            #expect(abs(east / 100 - p.groundScale.east) < 1e-6, "east at \(latitude)°")
            #expect(abs(north / 100 - p.groundScale.north) < 1e-6, "north at \(latitude)°")
        }
    }
}

@Suite struct InitialBearingTests {
    @Test func bearingsByHand() {
        let o = GeoPoint(latitude: 0, longitude: 0)
        #expect(Geodesy.initialBearing(from: o, to: GeoPoint(latitude: 1, longitude: 0)) == 0)
        #expect(abs(Geodesy.initialBearing(from: o, to: GeoPoint(latitude: 0, longitude: 1)) - 90) < 1e-12)
        #expect(abs(Geodesy.initialBearing(from: o, to: GeoPoint(latitude: -1, longitude: 0)) - 180) < 1e-12)
        #expect(abs(Geodesy.initialBearing(from: o, to: GeoPoint(latitude: 0, longitude: -1)) - 270) < 1e-12)
        #expect(Geodesy.initialBearing(from: o, to: o) == 0)
        // Across the antimeridian: from 179.5° E to 179.5° W is east.
        #expect(abs(Geodesy.initialBearing(from: GeoPoint(latitude: 0, longitude: 179.5), to: GeoPoint(latitude: 0, longitude: -179.5)) - 90) < 1e-9)
    }
}
