import Foundation
import Testing
import TrackPipe
import TrackPipeLab
import TrackPipeIO
import TestSupport

/// A simulated run along a route read from a GPX file follows that route.
@Suite struct SimulatedRouteTests {
    @Test func theTruePathLiesOnTheGivenRoute() throws {
        let route = try TrackReader.read(path: try TestData.real("whitchurch-ride-A/planned-route.gpx"))
        let points = route.fixes.map(\.point)
        var p = SimulationParameters.clean
        p.fixCount = 1500
        p.runner.speed = 5  // a bike: the route is a ride
        let run = try RunSimulator(parameters: p, seed: 12).simulate(route: try SimulationRoute(points: points))
        let line = try #require(RouteLine(points))
        // Same frame (about the route's first point) for the route and the line: on the line to float precision.
        let worst = run.truth.map { line.crossTrackDistance($0.point) }.max() ?? .infinity
        #expect(worst < 0.01, "truth strays \(worst) m from the route")
        // It starts at the route's first point and advances along it (~5 m/s for 1500 s, minus stops).
        #expect(Geodesy.distance(run.path[0].point, points[0]) < 0.01)
        #expect((run.path.last?.cumulativeDistance ?? 0) > 5000)
        // The observed fixes scatter around it by the everyday error (σ = 2.5 m per axis).
        let observed = try #require(ErrorStatistics(run.track.fixes.map { line.crossTrackDistance($0.point) }))
        #expect(observed.rmse > 0.5 && observed.rmse < 6, "observed cross-track RMSE \(observed.rmse) m")
    }
}
