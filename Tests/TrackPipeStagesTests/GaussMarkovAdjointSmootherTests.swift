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
        try expectRTSTrack(run: run, initialVariance: initialVariance, velocityErrorSigma: 0)
    }

    /// The same with the Doppler velocity's wandering error in the state (8 states both axes, 4 per axis): every
    /// measurement kind, a decaying and a white position error, a diffuse start.
    @Test(arguments: [(UInt64(1), 0, 30.0), (2, 1, 30), (3, 2, 90), (4, 3, 60), (5, 1, 0)], [100.0, 1e6])
    func velocityErrorStatesGiveTheRTSTrack(run: (seed: UInt64, kind: Int, tau: Double), initialVariance: Double) throws {
        try expectRTSTrack(run: run, initialVariance: initialVariance, velocityErrorSigma: 0.1)
    }

    func expectRTSTrack(run: (seed: UInt64, kind: Int, tau: Double), initialVariance: Double, velocityErrorSigma: Double) throws {
        let measurements = Self.run(seed: run.seed, count: 1500, kind: run.kind)
        let model = GaussMarkovSmootherCore.Model(
            processNoise: 1, errorSigma: 3, errorTau: run.tau, velocityVariance: 0.04,
            velocityErrorSigma: velocityErrorSigma, velocityErrorTau: 20, stopVariance: 0.0025,
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

    /// Without a speed measured alone (the one measurement that joins the axes) the smoother runs each axis on its
    /// own, 3 states: the same track as the 6-state passes to 1e-9 m and m/s and 1e-12 of the variance (about 1e-12 m
    /// seen: the east axis to the bit; the north one differs by rounding, as the 6-state update for the east position
    /// copies the north block's upper triangle of P over its lower one, which the prediction leaves symmetric only to
    /// rounding), and the RTS reference to 1e-9 m. The runs are the ones above with their speeds taken out (velocities
    /// with a course, stops and bare positions remain).
    @Test(arguments: [(UInt64(1), 0, 30.0, 0.0), (2, 1, 30, 0), (3, 2, 90, 0), (4, 3, 0, 0), (5, 0, 30, 0.1), (6, 3, 60, 0.1)])
    func axesSmoothedApartGiveTheSameTrack(run: (seed: UInt64, kind: Int, tau: Double, velocityErrorSigma: Double)) throws {
        let measurements = Self.run(seed: run.seed, count: 1500, kind: run.kind).map { m -> GaussMarkovSmootherCore.Measurement in
            var m = m
            m.speed = nil
            return m
        }
        #expect(!GaussMarkovSmootherCore.couplesAxes(measurements))
        #expect(measurements.contains { $0.velocity != nil } && measurements.contains(where: \.stopped))
        let model = GaussMarkovSmootherCore.Model(
            processNoise: 1, errorSigma: 3, errorTau: run.tau, velocityVariance: 0.04,
            velocityErrorSigma: run.velocityErrorSigma, velocityErrorTau: 20, stopVariance: 0.0025,
            initialPositionVariance: 100, initialVelocityVariance: 25)
        let apart = GaussMarkovAdjointSmoother.smooth(measurements, model: model)
        let together = GaussMarkovAdjointSmoother.smooth(measurements, model: model, bothAxes: true)
        let reference = try ReferenceRTSSmoother.smooth(measurements, model: model)
        #expect(apart.count == measurements.count && together.count == measurements.count)
        var position = 0.0, velocity = 0.0, variance = 0.0, east = 0.0, fromReference = 0.0
        for ((a, t), r) in zip(zip(apart, together), reference) {
            position = max(position, abs(a.east - t.east), abs(a.north - t.north))
            velocity = max(velocity, abs(a.velocityEast - t.velocityEast), abs(a.velocityNorth - t.velocityNorth))
            variance = max(variance, abs(a.positionVariance - t.positionVariance) / t.positionVariance)
            east = max(east, abs(a.east - t.east), abs(a.velocityEast - t.velocityEast))
            fromReference = max(fromReference, abs(a.east - r.east), abs(a.north - r.north))
        }
        #expect(position <= 1e-9, "position differs from the 6-state passes' by \(position) m")
        #expect(velocity <= 1e-9, "velocity differs from the 6-state passes' by \(velocity) m/s")
        #expect(variance <= 1e-12, "position variance differs from the 6-state passes' by \(variance) (relative)")
        #expect(east == 0, "the east axis differs from the 6-state passes' by \(east)")
        #expect(fromReference <= 1e-9, "position differs from RTS by \(fromReference) m")
        // A speed without a course joins the axes: the smoother then keeps both in one state.
        var coupled = measurements
        coupled[700].velocity = nil
        coupled[700].stopped = false
        coupled[700].speed = 3
        #expect(GaussMarkovSmootherCore.couplesAxes(coupled))
    }
}
