import Foundation
import Testing
import TrackPipe
@testable import TrackPipeStages

/// The forward filter and the RTS smoother against the independent reference (filterpy, cross-checked with
/// pykalman): every one of the 2293 cleaned fixes, projected frame to 1e-6 m and 1e-6 m/s, lat/lon to 1e-7°.
@Suite struct KalmanReferenceTests {
    static let metres = 1e-6
    static let degrees = 1e-7

    /// Loads the cleaned reference input into a core, projected about the first kept fix.
    static func loadedCore(_ data: KalmanReferenceData) throws -> (KalmanCore, LocalProjection) {
        let first = try #require(data.cleaned.first)
        let projection = try LocalProjection(reference: GeoPoint(latitude: first.latitude, longitude: first.longitude))
        var core = KalmanCore(model: .reference, capacity: data.cleaned.count)
        for (k, r) in data.cleaned.enumerated() {
            let (e, n) = projection.project(GeoPoint(latitude: r.latitude, longitude: r.longitude))
            core.setMeasurement(k, time: r.time, east: e, north: n, variance: r.accuracy * r.accuracy)
        }
        return (core, projection)
    }

    @Test func cleaningMatchesTheReferenceRows() throws {
        let data = try KalmanReferenceData.load()
        #expect(data.cleaned.count == 2293)
        #expect(data.expected.count == 2293)
        for (r, x) in zip(data.cleaned, data.expected) {
            #expect(Double(r.row) == x["src_row"])
            #expect(r.time == x["unix_time"])
        }
    }

    @Test(arguments: KalmanSmootherSolver.allCases)
    func filterAndSmootherMatchReference(solver: KalmanSmootherSolver) throws {
        let data = try KalmanReferenceData.load()
        var (core, projection) = try Self.loadedCore(data)
        let n = data.cleaned.count
        try core.smooth(count: n, solver: solver)
        var worst = (filter: 0.0, smooth: 0.0, variance: 0.0, latlon: 0.0)
        for k in 0..<n {
            let x = data.expected[k]
            let f = core.filtered(k), s = core.smoothed(k)
            worst.filter = max(worst.filter, abs(f.east - x["filt_e"]), abs(f.eastVelocity - x["filt_ve"]),
                               abs(f.north - x["filt_n"]), abs(f.northVelocity - x["filt_vn"]))
            worst.smooth = max(worst.smooth, abs(s.east - x["rts_e"]), abs(s.eastVelocity - x["rts_ve"]),
                               abs(s.north - x["rts_n"]), abs(s.northVelocity - x["rts_vn"]))
            worst.variance = max(worst.variance, abs(s.positionVariance - x["rts_var_e"]) / x["rts_var_e"],
                                 abs(s.positionVariance - x["rts_var_n"]) / x["rts_var_n"])
            let p = projection.unproject(east: s.east, north: s.north)
            worst.latlon = max(worst.latlon, abs(p.latitude - x["rts_lat"]), abs(p.longitude - x["rts_lon"]))
        }
        #expect(worst.filter <= Self.metres, "forward filter off by \(worst.filter)")
        #expect(worst.smooth <= Self.metres, "smoother off by \(worst.smooth)")
        #expect(worst.variance <= 1e-9, "smoothed variance off by a relative \(worst.variance)")
        #expect(worst.latlon <= Self.degrees, "smoothed lat/lon off by \(worst.latlon)°")
    }
}
