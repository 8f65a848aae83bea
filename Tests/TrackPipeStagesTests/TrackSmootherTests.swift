import Foundation
import Testing
import TestSupport
import TrackPipe
import TrackPipeLab
@testable import TrackPipeStages
import TrackPipeTesting

/// `track-smoother`: its GSL core against an independent numpy implementation of the same model, and what the
/// model is for, as properties: with Doppler velocity the distance ∫‖v̂‖ dt is right where position steps are
/// not, and a runner standing still accumulates almost nothing.
@Suite struct TrackSmootherTests {
    struct Case: Decodable {
        struct Model: Decodable {
            var processNoise, errorSigma, errorTau, velocityVariance, stopVariance, initialPositionVariance, initialVelocityVariance: Double
        }
        struct Measurement: Decodable {
            var time, east, north, positionVariance: Double
            var stopped: Bool
            var velocityEast, velocityNorth, speed: Double?
        }
        struct Expected: Decodable {
            var east, north, velocityEast, velocityNorth, positionVariance: Double
        }
        var model: Model
        var measurements: [Measurement]
        var expected: [Expected]
    }

    @Test func theCoreMatchesTheNumpyReference() throws {
        let path = try TestData.path("reference/track-smoother/case.json")
        let c = try JSONDecoder().decode(Case.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        let model = GaussMarkovSmootherCore.Model(
            processNoise: c.model.processNoise, errorSigma: c.model.errorSigma, errorTau: c.model.errorTau,
            velocityVariance: c.model.velocityVariance, stopVariance: c.model.stopVariance,
            initialPositionVariance: c.model.initialPositionVariance, initialVelocityVariance: c.model.initialVelocityVariance)
        let measurements = c.measurements.map { m in
            GaussMarkovSmootherCore.Measurement(
                time: m.time, east: m.east, north: m.north, positionVariance: m.positionVariance,
                velocity: m.velocityEast.flatMap { e in m.velocityNorth.map { (e, $0) } }, speed: m.speed, stopped: m.stopped)
        }
        let estimates = GaussMarkovAdjointSmoother.smooth(measurements, model: model)
        #expect(estimates.count == c.expected.count)
        var worstPosition = 0.0, worstVelocity = 0.0, worstVariance = 0.0
        for (e, x) in zip(estimates, c.expected) {
            worstPosition = max(worstPosition, abs(e.east - x.east), abs(e.north - x.north))
            worstVelocity = max(worstVelocity, abs(e.velocityEast - x.velocityEast), abs(e.velocityNorth - x.velocityNorth))
            worstVariance = max(worstVariance, abs(e.positionVariance - x.positionVariance) / x.positionVariance)
        }
        #expect(worstPosition < 1e-6, "position off by \(worstPosition) m")
        #expect(worstVelocity < 1e-7, "velocity off by \(worstVelocity) m/s")
        #expect(worstVariance < 1e-6, "variance off by \(worstVariance) (relative)")
    }

    /// `velocity-error-sigma`: 10 minutes due east at 3 m/s, 1 Hz, positions with 1 m of white noise, and Doppler
    /// velocities (speed and course) whose east part reads 0.4 m/s × sin(2πt/120 s) off — a correlated error, whose
    /// integral drifts ±7.6 m along the track. With the velocity error white (default) the smoothed positions follow
    /// that drift; with it a state (0.3 m/s over 30 s) the positions correct it: the along-track RMSE at most 0.6 × the
    /// default's (measured 1.11 against 4.20 m), and the same error-free run is smoothed about as well either way
    /// (within 0.3 m RMS; 0.17 and 0.25 m).
    @Test func aCorrelatedVelocityErrorIsCorrectedWhenModelled() throws {
        func run(bias: Double) -> [Fix] {
            var rng = Xoshiro256StarStar(seed: 21)
            let fixtures = TrackFixtures()
            return (0..<600).map { k in
                let t = Double(k)
                var f = fixtures.fix(k, t: t, east: 3 * t + rng.gaussian(), north: rng.gaussian(), accuracy: 3)
                let ve = 3 + bias * sin(2 * Double.pi * t / 120) + 0.05 * rng.gaussian(), vn = 0.05 * rng.gaussian()
                f.speed = (ve * ve + vn * vn).squareRoot()
                f.course = (atan2(ve, vn) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
                return f
            }
        }
        let frame = try LocalProjection(reference: TrackFixtures().reference)
        func alongRMSE(_ fixes: [Fix], _ parameters: String) throws -> Double {
            let result = try pipeline(#"{"stage": "track-smoother"\#(parameters)}"#).run(Track(activity: .running, fixes: fixes))
            var squares = 0.0, n = 0
            for f in result.track.fixes {
                guard let t = f.time else { continue }
                let e = frame.project(f.point).east - 3 * (t - TrackFixtures().startTime)
                squares += e * e
                n += 1
            }
            return (squares / Double(n)).squareRoot()
        }
        let modelled = #", "velocity-error-sigma": 0.3, "velocity-error-tau": 30"#
        let white = try alongRMSE(run(bias: 0.4), ""), state = try alongRMSE(run(bias: 0.4), modelled)
        #expect(state <= 0.6 * white, "along-track RMSE \(state) m with the error a state, \(white) m without")
        let cleanWhite = try alongRMSE(run(bias: 0), ""), cleanState = try alongRMSE(run(bias: 0), modelled)
        #expect(abs(cleanState - cleanWhite) < 0.3, "without the error: \(cleanState) m against \(cleanWhite) m")
    }

    func pipeline(_ stages: String) throws -> Pipeline {
        try Pipeline.load(Array(#"{"version": 1, "name": "t", "stages": [\#(stages)]}"#.utf8), registry: try StageRegistry.builtIn()).get()
    }

    /// 20 minutes of running at 3 m/s round a 100 m × 60 m block whose corners are quarter circles of 5 m radius
    /// (a runner turning at 3 m/s), 1 Hz, with a position error that wanders (Gauss–Markov, σ 3 m, τ 30 s)
    /// plus 0.5 m white noise, and Doppler speed (0.2 m/s noise) and course. The true distance is 3600 m. Raw
    /// steps overstate it; the constant-velocity smoother cuts the corners; the track smoother with distance by
    /// speed stays within 0.5 %.
    @Test func dopplerVelocityGivesTheDistance() throws {
        var rng = Xoshiro256StarStar(seed: 7)
        let fixtures = TrackFixtures()
        let r = 5.0
        // The block's edges (start east, north; heading °; length) with a quarter turn of radius r after each.
        let edges: [(Double, Double, Double, Double)] = [(r, 0, 90, 100 - 2 * r), (100, r, 0, 60 - 2 * r),
                                                         (100 - r, 60, 270, 100 - 2 * r), (0, 60 - r, 180, 60 - 2 * r)]
        let arc = Double.pi / 2 * r
        let perimeter = edges.reduce(0) { $0 + $1.3 } + 4 * arc
        func place(_ s: Double) -> (Double, Double, Double) {  // east, north, course along the block
            var d = s.truncatingRemainder(dividingBy: perimeter)
            for (e0, n0, heading, length) in edges {
                let h = heading * .pi / 180
                if d < length { return (e0 + d * sin(h), n0 + d * cos(h), heading) }
                d -= length
                if d < arc {
                    // Turning left by 90° about the centre r to the left of the edge's end.
                    let endE = e0 + length * sin(h), endN = n0 + length * cos(h)
                    let left = h - .pi / 2
                    let cE = endE + r * sin(left), cN = endN + r * cos(left)
                    let angle = d / r
                    let fromCentre = h + .pi / 2 - angle
                    let course = (heading - angle * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
                    return (cE + r * sin(fromCentre), cN + r * cos(fromCentre), course)
                }
                d -= arc
            }
            return (r, 0, 90)
        }
        var be = 0.0, bn = 0.0
        var fixes: [Fix] = []
        let a = exp(-1.0 / 30)
        for k in 0...1200 {
            be = a * be + ((3 * (1 - a * a).squareRoot()) * rng.gaussian())
            bn = a * bn + ((3 * (1 - a * a).squareRoot()) * rng.gaussian())
            let (e, n, course) = place(3 * Double(k))
            var f = fixtures.fix(k, t: Double(k), east: e + be + ((0.5) * rng.gaussian()), north: n + bn + ((0.5) * rng.gaussian()), accuracy: 4)
            f.speed = max(0, 3 + ((0.2) * rng.gaussian()))
            f.course = course
            fixes.append(f)
        }
        let truth = 3600.0
        func distance(_ spec: String) throws -> Double {
            try #require(try pipeline(spec).run(Track(activity: .running, fixes: fixes)).summaryValue("distance"))
        }
        let raw = try distance(#"{"stage": "distance"}"#)
        let cv = try distance(#"{"stage": "kalman-smoother"}, {"stage": "distance"}"#)
        let gm = try distance(#"{"stage": "track-smoother"}, {"stage": "distance", "method": "speed"}"#)
        #expect(raw > truth * 1.005, "raw \(raw)")
        #expect(abs(gm - truth) / truth < 0.005, "track-smoother \(gm) m against \(truth) m (constant-velocity smoother \(cv) m)")
        #expect(abs(gm - truth) < abs(cv - truth))
    }

    /// 15 minutes standing still with a wandering error and Doppler speeds of a few cm/s: the stops are detected
    /// and the smoothed speeds are ~0, so the distance is under 5 m (position steps give hundreds).
    @Test func standingStillAccumulatesAlmostNothing() throws {
        var rng = Xoshiro256StarStar(seed: 11)
        let fixtures = TrackFixtures()
        var be = 0.0, bn = 0.0
        let a = exp(-1.0 / 30)
        var fixes: [Fix] = []
        for k in 0..<900 {
            be = a * be + ((3 * (1 - a * a).squareRoot()) * rng.gaussian())
            bn = a * bn + ((3 * (1 - a * a).squareRoot()) * rng.gaussian())
            var f = fixtures.fix(k, t: Double(k), east: be + ((0.5) * rng.gaussian()), north: bn + ((0.5) * rng.gaussian()), accuracy: 4)
            f.speed = abs(((0.05) * rng.gaussian()))
            fixes.append(f)
        }
        let result = try pipeline(#"{"stage": "track-smoother"}, {"stage": "distance", "method": "speed"}"#)
            .run(Track(activity: .running, fixes: fixes))
        let d = try #require(result.summaryValue("distance"))
        #expect(d < 5, "\(d) m")
        let steps = try #require(try pipeline(#"{"stage": "distance"}"#).run(Track(activity: .running, fixes: fixes)).summaryValue("distance"))
        #expect(steps > 100)
    }

    /// Standing 15 minutes near buildings with a noisier Doppler velocity (0.3 m/s per axis: speeds of 0.4 m/s
    /// on average, a course whenever the speed reaches 0.5 m/s, as receivers report it): the mean velocity
    /// over the window finds the stop where the mean speed would not, lone noisy seconds inside it are
    /// closed, and the distance by speed stays under 5 m.
    @Test func standingStillWithNoisyCoursesAccumulatesAlmostNothing() throws {
        var rng = Xoshiro256StarStar(seed: 13)
        let fixtures = TrackFixtures()
        var fixes: [Fix] = []
        for k in 0..<900 {
            var f = fixtures.fix(k, t: Double(k), east: 2 * rng.gaussian(), north: 2 * rng.gaussian(), accuracy: 6)
            let ve = 0.3 * rng.gaussian(), vn = 0.3 * rng.gaussian()
            let speed = (ve * ve + vn * vn).squareRoot()
            f.speed = speed
            if speed >= 0.5 { f.course = (atan2(ve, vn) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360) }
            fixes.append(f)
        }
        let meanSpeed = fixes.compactMap(\.speed).reduce(0, +) / Double(fixes.count)
        #expect(meanSpeed > 0.3 && meanSpeed < 0.45, "mean speed \(meanSpeed) m/s")
        let result = try pipeline(#"{"stage": "track-smoother"}, {"stage": "distance", "method": "speed"}"#)
            .run(Track(activity: .running, fixes: fixes))
        let d = try #require(result.summaryValue("distance"))
        #expect(d < 5, "\(d) m")
    }

    /// A stop's ends: a runner at 3 m/s who stops short for 60 s and sets off again, the receiver's velocity with
    /// 0.1 m/s of noise per axis. The window's mean still holds running seconds at each end, so the stop is found a
    /// second or two late; the fixes beside it whose own speed is below stop-speed join it, and the smoothed speed
    /// there is the receiver's standing runner (under 0.1 m/s) rather than a deceleration spread over the stop
    /// (0.15 and 1.21 m/s at its two ends before).
    @Test func aStopReachesTheFixesWhereTheReceiverReadsStanding() throws {
        var rng = Xoshiro256StarStar(seed: 1)
        let fixtures = TrackFixtures()
        var fixes: [Fix] = []
        var east = 0.0
        for k in 0...420 {
            let moving = k <= 120 || k >= 182
            if k > 0, moving { east += 3 }
            var f = fixtures.fix(k, t: Double(k), east: east + 0.5 * rng.gaussian(), north: 0.5 * rng.gaussian(), accuracy: 5)
            let ve = (moving ? 3 : 0) + 0.1 * rng.gaussian(), vn = 0.1 * rng.gaussian()
            let speed = (ve * ve + vn * vn).squareRoot()
            f.speed = speed
            if speed >= 0.5 { f.course = (atan2(ve, vn) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360) }
            fixes.append(f)
        }
        let result = try pipeline(#"{"stage": "track-smoother"}, {"stage": "distance", "method": "speed"}"#)
            .run(Track(activity: .running, fixes: fixes))
        let smoothed = result.track.fixes
        #expect(smoothed.count == fixes.count)
        // Every standing second whose reading is below stop-speed (0.45 m/s).
        let standing = (121...181).filter { (fixes[$0].speed ?? 1) < 0.45 }
        #expect(standing.count > 50)
        for k in standing {
            let speed = try #require(smoothed[k].speed)
            #expect(speed < 0.1, "t = \(k) s: smoothed \(speed) m/s, the receiver \(fixes[k].speed ?? .nan)")
        }
        let d = try #require(result.summaryValue("distance"))
        #expect(abs(d - 1077) / 1077 < 0.005, "\(d) m against 1077 m")
    }

    /// `extendStops`: a detected stop grows over the slow fixes beside it, one step at a time, and no further
    /// than a fast fix, a fix without a speed or a step over 2 s.
    @Test func stopsExtendOverSlowNeighbours() {
        func measurement(_ t: Double, stopped: Bool) -> GaussMarkovSmootherCore.Measurement {
            GaussMarkovSmootherCore.Measurement(time: t, east: 0, north: 0, positionVariance: 1, velocity: nil, speed: nil, stopped: stopped)
        }
        let times: [Double] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13]
        let stopped = [false, false, false, false, true, true, false, false, false, false, true, false]
        let speeds: [Double?] = [0.2, 3, 0.3, 0.1, 0.0, 0.1, 0.2, nil, 0.1, 0.1, 0.0, 0.4]
        var m = zip(times, stopped).map { measurement($0, stopped: $1) }
        TrackSmootherStage.extendStops(&m, speeds: speeds, below: 0.45)
        // Back from 4 over 3 and 2 (slow), not past 1 (3 m/s); forward from 5 over 6, not past 7 (no speed);
        // from 10: back over 9, not across the 3-s step to 8; forward over 11 (0.4 < 0.45).
        #expect(m.map(\.stopped) == [false, false, true, true, true, true, true, false, false, true, true, true])
    }

    /// A run whose fixes carry no usable speeds is smoothed with kalman-smoother's model — without step-noise
    /// exactly as kalman-smoother smooths it (positions and accuracy to the bit) — and says so; so is one with
    /// speeds sampled every 10 s, while the same run at 1 Hz with speeds gets the Doppler model.
    @Test func withoutUsableSpeedsItSmoothsAsKalmanSmootherDoes() throws {
        let simulated = try RunSimulator(seed: 41).simulate(route: try RouteScenario.parkLoop.route())
        func compare(_ fixes: [Fix], expectModel model: String) throws {
            let track = Track(activity: .running, fixes: fixes)
            let ts = try pipeline(#"{"stage": "track-smoother", "step-noise": false}"#).run(track)
            let cv = try pipeline(#"{"stage": "kalman-smoother"}"#).run(track)
            let models = Set(ts.events.filter { $0.kind == "track-smoother-model" }.compactMap { $0.fields["model"] })
            #expect(models == [.string(model)])
            #expect(ts.track.fixes.count == cv.track.fixes.count)
            let same = zip(ts.track.fixes, cv.track.fixes).allSatisfy {
                $0.latitude == $1.latitude && $0.longitude == $1.longitude && $0.horizontalAccuracy == $1.horizontalAccuracy
            }
            #expect(same == (model == "constant-velocity"))
        }
        try compare(simulated.track.fixes, expectModel: "constant-velocity")
        var withSpeeds = simulated.track.fixes
        for k in withSpeeds.indices { withSpeeds[k].speed = 2.75 }
        try compare(withSpeeds, expectModel: "gauss-markov-doppler")
        let sparse = withSpeeds.enumerated().filter { $0.offset % 10 == 0 }.map(\.element)
        #expect(!TrackSmootherStage.hasUsableSpeeds(sparse))
        try compare(sparse, expectModel: "constant-velocity")
        let halfMissing = withSpeeds.enumerated().map { k, f in var f = f; if k % 2 == 0 { f.speed = nil }; if k == 1 { f.speed = nil }; return f }
        #expect(!TrackSmootherStage.hasUsableSpeeds(halfMissing))
    }

    /// Doppler speeds are ground metres per second, positions live in the projection's sphere: a straight run east
    /// at 51.5° whose positions are 3 ground metres apart each second, with speeds of exactly 3 m/s, keeps its
    /// speed (to 1e-4 m/s). Mixed unconverted, the positions said 3 ÷ 1.0032 m/s and pulled the speed down.
    @Test func dopplerSpeedsAreGroundMetres() throws {
        let fixtures = TrackFixtures()
        let scale = try LocalProjection(reference: fixtures.reference).groundScale.east
        let fixes = (0..<200).map { k -> Fix in
            var f = fixtures.fix(k, t: Double(k), east: 3 * Double(k) / scale, accuracy: 3)
            f.speed = 3
            f.course = 90
            return f
        }
        let result = try pipeline(#"{"stage": "track-smoother"}"#).run(Track(activity: .running, fixes: fixes))
        let speeds = result.track.fixes[20..<180].compactMap(\.speed)
        #expect(speeds.count == 160)
        #expect(speeds.allSatisfy { abs($0 - 3) < 1e-4 }, "speeds \(speeds.min() ?? 0) … \(speeds.max() ?? 0)")
    }

    /// A straight 20-minute run at 3 m/s whose Doppler velocity has 0.3 m/s of white noise per axis (a receiver
    /// among buildings): its speeds read 0.3²/(2·3) = 0.015 m/s high, +0.5 %, and the smoother passes that through
    /// unless `debias-speeds` takes it out: within 0.25 % of the true 3600 m with it, over +0.3 % without.
    @Test func noisySpeedsAreDebiased() throws {
        var rng = Xoshiro256StarStar(seed: 23)
        let fixtures = TrackFixtures()
        let scale = try LocalProjection(reference: fixtures.reference).groundScale.east
        var be = 0.0, bn = 0.0
        let a = exp(-1.0 / 30)
        let fixes = (0...1200).map { k -> Fix in
            be = a * be + 3 * (1 - a * a).squareRoot() * rng.gaussian()
            bn = a * bn + 3 * (1 - a * a).squareRoot() * rng.gaussian()
            var f = fixtures.fix(k, t: Double(k), east: (3 * Double(k) + be + 0.5 * rng.gaussian()) / scale,
                                 north: bn + 0.5 * rng.gaussian(), accuracy: 4)
            let ve = 3 + 0.3 * rng.gaussian(), vn = 0.3 * rng.gaussian()
            f.speed = (ve * ve + vn * vn).squareRoot()
            f.course = (atan2(ve, vn) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
            return f
        }
        func distance(_ debias: Bool) throws -> Double {
            let spec = #"{"stage": "track-smoother", "debias-speeds": \#(debias)}, {"stage": "distance", "method": "speed"}"#
            return try #require(try pipeline(spec).run(Track(activity: .running, fixes: fixes)).summaryValue("distance"))
        }
        let truth = 3600.0
        let with = try distance(true), without = try distance(false)
        #expect(abs(with - truth) / truth < 0.0025, "debiased \(with) m")
        #expect((without - truth) / truth > 0.003, "not debiased \(without) m")
    }

    /// A corrupt speed (1e300 m/s, NaN, negative) on a 2.2 m/s run is not measured: the run is smoothed from the
    /// others and the distance is the run's, 118 s × 2.2 m/s within 1 % (it was 0: the 1e300 velocity threw every estimate
    /// past the pole, where no distance is counted).
    @Test func corruptSpeedsAreNotMeasured() throws {
        let fixtures = TrackFixtures()
        let fixes = (0..<120).map { k -> Fix in
            var f = fixtures.fix(k, t: Double(k), north: 2.2 * Double(k), accuracy: 3)
            f.speed = k == 50 ? 1e300 : k == 51 ? .nan : k == 52 ? -3 : 2.2
            f.course = 0
            return f
        }
        let result = try pipeline(#"{"stage": "track-smoother"}, {"stage": "distance", "method": "speed"}"#)
            .run(Track(activity: .running, fixes: fixes))
        #expect(result.events.allSatisfy { $0.kind != "kalman-run-failed" })
        let d = try #require(result.summaryValue("distance"))
        #expect(abs(d - 118 * 2.2) / (118 * 2.2) < 0.01, "\(d) m")
    }

    /// A straight run at 3 m/s with 2 m of white noise per axis: the likelihood picks σ 2 m (its grid holds 2)
    /// and the smallest q (the motion is constant); with 0.7 m of noise, σ 0.7 m; with 0.2 m (a bike computer's
    /// filtered positions), σ 0.2 m, below the 0.5 m the grid used to stop at. Each against the grid's other
    /// values, so a mutation that scores the wrong way round picks the grid's far end.
    @Test func theNoiseFitFindsTheNoise() throws {
        var rng = Xoshiro256StarStar(seed: 19)
        for sigma in [2.0, 0.7, 0.2] {
            let points = (0..<1500).map { k -> (time: Double, east: Double, north: Double) in
                (Double(k), 3 * Double(k) + sigma * rng.gaussian(), sigma * rng.gaussian())
            }
            let fit = try #require(ConstantVelocityNoiseFit.maximumLikelihood(points, model: ConstantVelocityModel(spectralDensity: 1)))
            #expect(fit.sigma == sigma, "σ \(fit.sigma) for \(sigma)")
            #expect(fit.processNoise == ConstantVelocityNoiseFit.processNoiseGrid[0])
        }
    }

    /// A run without any accuracy is smoothed with the fitted q and σ, reported on the model event; the same run
    /// with accuracies gets its noise from its steps instead (step-noise), and none when that is off too.
    @Test func aRunWithoutAccuracyGetsItsNoiseFitted() throws {
        let simulated = try RunSimulator(parameters: .clean, seed: 43).simulate(route: try RouteScenario.parkLoop.route())
        let without = simulated.track.fixes.map { f -> Fix in var f = f; f.horizontalAccuracy = nil; return f }
        let fitted = try pipeline(#"{"stage": "track-smoother"}"#).run(Track(activity: .running, fixes: without))
        let event = try #require(fitted.events.first { $0.kind == "track-smoother-model" })
        #expect(event.fields["model"] == .string("constant-velocity"))
        #expect(event.fields["sigma"] != nil && event.fields["process-noise"] != nil)
        #expect(event.fields["noise"] == .string("likelihood"))
        let off = try pipeline(#"{"stage": "track-smoother", "estimate-noise": false}"#).run(Track(activity: .running, fixes: without))
        #expect(off.events.first { $0.kind == "track-smoother-model" }?.fields["sigma"] == nil)
        #expect(off.track.fixes.map(\.point) != fitted.track.fixes.map(\.point))
        let kalman = try pipeline(#"{"stage": "kalman-smoother"}"#).run(Track(activity: .running, fixes: without))
        #expect(off.track.fixes.map(\.point) == kalman.track.fixes.map(\.point))
        let withAccuracy = try pipeline(#"{"stage": "track-smoother"}"#).run(Track(activity: .running, fixes: simulated.track.fixes))
        #expect(withAccuracy.events.first { $0.kind == "track-smoother-model" }?.fields["noise"] == .string("steps"))
        let neither = try pipeline(#"{"stage": "track-smoother", "step-noise": false}"#).run(Track(activity: .running, fixes: simulated.track.fixes))
        #expect(neither.events.first { $0.kind == "track-smoother-model" }?.fields["sigma"] == nil)
    }
}
