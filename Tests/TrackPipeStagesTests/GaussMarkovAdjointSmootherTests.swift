import Foundation
import Testing
import TrackPipeLab
@testable import TrackPipeStages

/// `track-smoother`'s two forms of its matrix products — dense on GSL (the general form) and with Φ's structure
/// written out (what the stage runs) — give the same smoothed track, to 1e-9 m and 1e-9 m/s, on seeded runs of
/// every kind of measurement: Doppler velocity, speed without course (which couples the axes), stops, none, with
/// repeated times (Δt = 0), gaps, and a white error (τ = 0).
@Suite struct GaussMarkovProductsTests {
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

    @Test(arguments: [(UInt64(1), 0, 30.0), (2, 1, 30), (3, 2, 90), (4, 3, 60), (5, 1, 0), (6, 0, 0)])
    func bothFormsGiveTheSameTrack(seed: UInt64, kind: Int, tau: Double) throws {
        let measurements = Self.run(seed: seed, count: 1500, kind: kind)
        let model = GaussMarkovSmootherCore.Model(
            processNoise: 1, errorSigma: 3, errorTau: tau, velocityVariance: 0.04, stopVariance: 0.0025,
            initialPositionVariance: 100, initialVelocityVariance: 25)
        let general = try GaussMarkovSmootherCore.smooth(measurements, model: model, products: GSLGaussMarkovProducts.self)
        let structured = try GaussMarkovSmootherCore.smooth(measurements, model: model,
                                                            products: StructuredGaussMarkovProducts.self)
        #expect(general.count == measurements.count && structured.count == measurements.count)
        var position = 0.0, velocity = 0.0, variance = 0.0
        for (g, s) in zip(general, structured) {
            position = max(position, abs(g.east - s.east), abs(g.north - s.north))
            velocity = max(velocity, abs(g.velocityEast - s.velocityEast), abs(g.velocityNorth - s.velocityNorth))
            variance = max(variance, abs(g.positionVariance - s.positionVariance) / g.positionVariance)
        }
        #expect(position <= 1e-9, "position differs by \(position) m")
        #expect(velocity <= 1e-9, "velocity differs by \(velocity) m/s")
        #expect(variance <= 1e-12, "position variance differs by \(variance) (relative)")
        // Not trivially equal: the smoother moved the fixes.
        let moved = zip(general, measurements).map { abs($0.east - $1.east) }.max() ?? 0
        #expect(moved > 0.1)
    }

    /// The gain's solve written out for 6×6 against GSL's Cholesky: the same solution on seeded symmetric positive
    /// definite matrices (well and badly conditioned), and both refuse a matrix that is not positive definite.
    @Test(arguments: 0..<40)
    func gainSolveMatchesGSL(seed: UInt64) throws {
        var random = Xoshiro256StarStar(seed: 900 + seed)
        let n = GaussMarkovSmootherCore.n
        // M = A Aᵀ + ε I, ε from 1e-6 to 1 (condition numbers up to about 1e8).
        let a = (0..<(n * n)).map { _ in random.gaussian() }
        let epsilon = pow(10, -Double(seed % 7))
        var m = [Double](repeating: 0, count: n * n)
        for i in 0..<n { for j in 0..<n { for k in 0..<n { m[i * n + j] += a[i * n + k] * a[j * n + k] } } }
        for i in 0..<n { m[i * n + i] += epsilon }
        let b = (0..<(n * n)).map { _ in random.gaussian() * 10 }
        var m1 = m, m2 = m, x1 = b, x2 = b
        try GSLGaussMarkovProducts.solveGain(&m1, &x1)
        try StructuredGaussMarkovProducts.solveGain(&m2, &x2)
        // Against each other within what the conditioning allows (the trace bounds the largest eigenvalue, ε the
        // smallest), and by the residual M X − B, which a backward-stable solve keeps near rounding of M and X.
        let condition = (0..<n).map { m[$0 * n + $0] }.reduce(0, +) / epsilon
        let scale = x1.map(abs).max() ?? 1
        let gap = zip(x1, x2).map { abs($0 - $1) }.max() ?? 0
        #expect(gap <= 100 * condition * Double.ulpOfOne * scale, "seed \(seed): solutions differ by \(gap)")
        var residual = 0.0
        for i in 0..<n {
            for c in 0..<n {
                var r = -b[i * n + c]
                for k in 0..<n { r += m[i * n + k] * x2[k * n + c] }
                residual = max(residual, abs(r))
            }
        }
        let size = m.map(abs).max() ?? 1
        #expect(residual <= 100 * Double.ulpOfOne * size * (x2.map(abs).max() ?? 1), "seed \(seed): residual \(residual)")
        // Not positive definite: one eigenvalue made negative.
        var bad = m
        for i in 0..<n { bad[i * n + i] -= 1e3 }
        var b1 = b, b2 = b, bad1 = bad, bad2 = bad
        #expect(throws: GSLError.self) { try GSLGaussMarkovProducts.solveGain(&bad1, &b1) }
        #expect(throws: GSLError.self) { try StructuredGaussMarkovProducts.solveGain(&bad2, &b2) }
    }
}
