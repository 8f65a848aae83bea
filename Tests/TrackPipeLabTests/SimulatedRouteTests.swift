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
        p.fixCount = 6000
        p.runner.speed = 5  // a bike: the route is a ride
        let run = try RunSimulator(parameters: p, seed: 12).simulate(route: try SimulationRoute(points: points))
        let line = try #require(RouteLine(points))
        // Same frame (about the route's first point) for the route and the line: on the line to float precision.
        let worst = run.truth.map { line.crossTrackDistance($0.point) }.max() ?? .infinity
        #expect(worst < 0.01, "truth strays \(worst) m from the route")
        // It starts at the route's first point and advances along it at the runner's pace: 5 m/s on average
        // over the moving seconds. The pace wanders by 6 % (σ) with a 60 s correlation time, so 6000 s hold
        // about 50 independent stretches: the mean is within 0.06/√50 ≈ 0.85 % (1 σ); 4 % is 4.7 σ.
        #expect(Geodesy.distance(run.path[0].point, points[0]) < 0.01)
        let moving = run.path.filter { $0.speed > 0 }.count
        let meanSpeed = (run.path.last?.cumulativeDistance ?? 0) / Double(moving)
        #expect(abs(meanSpeed - 5) / 5 < 0.04, "mean moving speed \(meanSpeed) m/s")
        // The observed fixes scatter around it by the everyday error: σ = 2.5 m per axis, so a cross-track
        // RMS of 2.5 m. With a 30 s correlation time the 6000 squared errors count as about 200 independent
        // ones (n·(1 − ρ²)/(1 + ρ²), ρ = e^(−1/30)): the RMS is within √(2/200)/2 = 5 % (1 σ); 20 % is 4 σ.
        let observed = try #require(ErrorStatistics(run.track.fixes.map { line.crossTrackDistance($0.point) }))
        #expect(abs(observed.rmse - 2.5) / 2.5 < 0.2, "observed cross-track RMSE \(observed.rmse) m")
    }
}
