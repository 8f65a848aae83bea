import Foundation
import Testing
import TrackPipeLab
@testable import TrackPipeStages

/// `track-smoother`'s smoother against the textbook Rauch–Tung–Striebel form on GSL (``ReferenceRTSSmoother``), on
/// seeded runs of every kind of measurement: Doppler velocity, speed without course (which couples the axes),
/// stops, none, with repeated times (Δt = 0), gaps, and a white error (τ = 0).
@Suite struct GaussMarkovAdjointSmootherTests {
    /// A wandering runner, 1 Hz with some repeated and some late fixes, measured with `kind`'s velocities.
    static func run(seed: UInt64, count: Int, kind: Int) -> [GaussMarkovSmootherCore.Measurement] {
        var random = Xoshiro256StarStar(seed: seed)
        var time = 0.0, east = 0.0, north = 0.0, heading = 0.0, speed = 3.0
        var out: [GaussMarkovSmootherCore.Measurement] = []
        for k in 0..<count {
            let dt = k % 97 == 13 ? 0 : (k % 211 == 50 ? 45 : 1.0)
            time += dt
            heading += 0.3 * random.gaussian()
            speed = max(0, speed + 0.2 * random.gaussian())
            let stopped = (k / 60) % 5 == 4
            let v = stopped ? 0 : speed
            east += dt * v * sin(heading)
            north += dt * v * cos(heading)
            var m = GaussMarkovSmootherCore.Measurement(
                time: time, east: east + 4 * random.gaussian(), north: north + 4 * random.gaussian(),
                positionVariance: pow(2 + abs(random.gaussian()) * 6, 2), velocity: nil, speed: nil, stopped: false)
            switch (kind + k / 50) % 4 {
            case 0: m.velocity = (v * sin(heading) + 0.2 * random.gaussian(), v * cos(heading) + 0.2 * random.gaussian())
            case 1: m.speed = abs(v + 0.2 * random.gaussian())
            case 2: m.stopped = stopped
            default: break
            }
            out.append(m)
        }
        return out
    }

    /// The stage's backward pass (modified Bryson–Frazier, no inversion) against Rauch–Tung–Striebel on GSL: the
    /// same smoothed track on the same runs, to 1e-9 m and 1e-9 m/s, and the position variances to 1e-12
    /// (relative) — with a first fix known to 10 m and with a diffuse start (10⁶ m², which cost P⁻ − P⁻ Λ P⁻ six
    /// digits of the first fix's variance).
    @Test(arguments: [(UInt64(1), 0, 30.0), (2, 1, 30), (3, 2, 90), (4, 3, 60), (5, 1, 0), (6, 0, 0)], [100.0, 1e6])
    func adjointPassGivesTheRTSTrack(run: (seed: UInt64, kind: Int, tau: Double), initialVariance: Double) throws {
        let measurements = Self.run(seed: run.seed, count: 1500, kind: run.kind)
        let model = GaussMarkovSmootherCore.Model(
            processNoise: 1, errorSigma: 3, errorTau: run.tau, velocityVariance: 0.04, stopVariance: 0.0025,
            initialPositionVariance: initialVariance, initialVelocityVariance: 25)
        let general = try ReferenceRTSSmoother.smooth(measurements, model: model)
        let adjoint = GaussMarkovAdjointSmoother.smooth(measurements, model: model)
        #expect(adjoint.count == measurements.count)
        var position = 0.0, velocity = 0.0, variance = 0.0
        for (g, a) in zip(general, adjoint) {
            position = max(position, abs(g.east - a.east), abs(g.north - a.north))
            velocity = max(velocity, abs(g.velocityEast - a.velocityEast), abs(g.velocityNorth - a.velocityNorth))
            variance = max(variance, abs(g.positionVariance - a.positionVariance) / g.positionVariance)
        }
        #expect(position <= 1e-9, "position differs by \(position) m")
        #expect(velocity <= 1e-9, "velocity differs by \(velocity) m/s")
        #expect(variance <= 1e-12, "position variance differs by \(variance) (relative)")
        // Not trivially equal: the smoother moved the fixes.
        let moved = zip(adjoint, measurements).map { abs($0.east - $1.east) }.max() ?? 0
        #expect(moved > 0.1)
    }
}
