import Foundation
import Testing
import TestSupport
import TrackPipe
import TrackPipeLab
@testable import TrackPipeStages
import TrackPipeTesting

/// `PositionStepNoise` — the noise a run's positions show from fix to fix — and `track-smoother`'s `step-noise`,
/// which smooths a run without speeds with the q and σ scale it implies.
@Suite struct PositionStepNoiseTests {
    /// `count` fixes one `step` apart running east at 3 m/s, with white noise of `sigma` per axis.
    func straightRun(count: Int, step: Double = 1, sigma: Double, seed: UInt64) -> [(time: Double, east: Double, north: Double)] {
        var rng = Xoshiro256StarStar(seed: seed)
        return (0..<count).map { k in
            let t = Double(k) * step
            return (t, 3 * t + sigma * rng.gaussian(), sigma * rng.gaussian())
        }
    }

    /// White noise σ per axis makes a second difference normal with variance 6σ², whose median absolute value is
    /// 0.6745 · √6 · σ = 1.652 σ; a straight run at constant speed adds nothing. At 1 Hz and at 2 Hz.
    @Test func theMedianSecondDifferenceOfWhiteNoise() throws {
        for (sigma, step) in [(2.0, 1.0), (0.5, 1.0), (2.0, 0.5)] {
            let noise = try #require(PositionStepNoise.estimate(straightRun(count: 4000, step: step, sigma: sigma, seed: 3)))
            let expected = 0.674_49 * 6.0.squareRoot() * sigma
            #expect(abs(noise.medianSecondDifference - expected) / expected < 0.04, "\(noise.medianSecondDifference) for \(expected)")
            #expect(noise.count == 2 * 3998)
            #expect(noise.sigma == noise.medianSecondDifference / 0.22)
            #expect(abs(noise.processNoise - 10 / (noise.sigma * noise.sigma)) < 1e-12)
        }
    }

    /// A long run (20 000 fixes, 5.6 h at 1 Hz) is read at an even stride — every 5th triplet, 4000 of them — and
    /// still finds 1.652 σ; its variances' median is taken over every 5th too.
    @Test func aLongRunIsReadAtAStride() throws {
        let noise = try #require(PositionStepNoise.estimate(straightRun(count: 20_000, sigma: 2, seed: 11)))
        #expect(noise.count == 2 * 4000)
        let expected = 0.674_49 * 6.0.squareRoot() * 2
        #expect(abs(noise.medianSecondDifference - expected) / expected < 0.04, "\(noise.medianSecondDifference) for \(expected)")
        // Variances 1, 2, …, 20 000: the sampled ones are 1, 6, 11, …; their upper median 10 001 becomes σ².
        let scaled = noise.variances(scaling: (1...20_000).map(Double.init))
        #expect(abs(scaled[10_000] / (noise.sigma * noise.sigma) - 1) < 1e-12, "\(scaled[10_000])")
    }

    /// Noise on one axis only (the other's coordinates exact, as rounding can leave them): each axis's median, then
    /// their quadratic mean, 1.652 σ ÷ √2 — not 0, which a median pooled over both axes gave, smoothing such a track
    /// at q 30 (+54 % of distance).
    @Test func noiseOnOneAxisStillCounts() throws {
        let points = straightRun(count: 4000, sigma: 2, seed: 17).map { (time: $0.time, east: 3 * $0.time, north: $0.north) }
        let noise = try #require(PositionStepNoise.estimate(points))
        let expected = 0.674_49 * 6.0.squareRoot() * 2 / 2.0.squareRoot()
        #expect(abs(noise.medianSecondDifference - expected) / expected < 0.04, "\(noise.medianSecondDifference) for \(expected)")
        #expect(noise.processNoise < 1)
    }

    /// q = 10 ÷ σ² is kept within 0.01–30 m²/s³: a receiver's own filtered track (1 cm of noise) is followed at q 30,
    /// not at 10⁵; 100 m of noise is smoothed at 0.01, not 10⁻⁴.
    @Test func theProcessNoiseIsBounded() throws {
        let smooth = try #require(PositionStepNoise.estimate(straightRun(count: 600, sigma: 0.01, seed: 5)))
        #expect(smooth.processNoise == 30)
        let wild = try #require(PositionStepNoise.estimate(straightRun(count: 600, sigma: 100, seed: 5)))
        #expect(wild.processNoise == 0.01)
    }

    /// No estimate from what cannot show step noise: a logger sampling every 10 s (its second differences measure
    /// the motion), uneven steps, too few fixes, or noise-free positions (median 0).
    @Test func noEstimateWithoutEvenlySampledNoise() {
        #expect(PositionStepNoise.estimate(straightRun(count: 600, step: 10, sigma: 2, seed: 7)) == nil)
        let uneven = straightRun(count: 600, sigma: 2, seed: 7).enumerated().map { k, p in (time: Double(k) * 1.0 + (k % 2 == 0 ? 0 : 0.3), east: p.east, north: p.north) }
        #expect(PositionStepNoise.estimate(uneven) == nil)
        #expect(PositionStepNoise.estimate(straightRun(count: 16, sigma: 2, seed: 7)) == nil)
        #expect(PositionStepNoise.estimate(straightRun(count: 17, sigma: 2, seed: 7)) != nil)
        #expect(PositionStepNoise.estimate(straightRun(count: 600, sigma: 0, seed: 7)) == nil)
    }

    /// The fixes' variances are scaled together: their ratios kept, their upper median made σ².
    @Test func variancesKeepTheirRatios() throws {
        let noise = PositionStepNoise(medianSecondDifference: 0.66, count: 100)  // σ 3 m
        let scaled = noise.variances(scaling: [4, 16, 9, 100, 1])
        let expected = [4, 16, 9, 100, 1].map { $0 * 9.0 / 9 }
        #expect(zip(scaled, expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(scaled)")
        let doubled = noise.variances(scaling: [2, 8, 50])
        #expect(zip(doubled, [2.0 / 8 * 9, 9, 50.0 / 8 * 9]).allSatisfy { abs($0 - $1) < 1e-12 }, "\(doubled)")
        #expect(noise.variances(scaling: [0, 0, 0]) == [9, 9, 9])
    }

    func pipeline(_ stages: String) throws -> Pipeline {
        try Pipeline.load(Array(#"{"version": 1, "name": "t", "stages": [\#(stages)]}"#.utf8), registry: try StageRegistry.builtIn()).get()
    }

    /// A run without speeds whose accuracies are reported 1.51 × larger (iOS's 68 % radius against a per-axis 1-σ)
    /// is smoothed the same with step-noise (to 1e-6 m), and differently without it, where q and σ came from the
    /// accuracy as reported. The model event says where the noise came from.
    @Test func theAccuracysScaleDoesNotMove() throws {
        var rng = Xoshiro256StarStar(seed: 13)
        let fixtures = TrackFixtures()
        var be = 0.0, bn = 0.0
        let a = exp(-1.0 / 30)
        let fixes = (0..<900).map { k -> Fix in
            be = a * be + 3 * (1 - a * a).squareRoot() * rng.gaussian()
            bn = a * bn + 3 * (1 - a * a).squareRoot() * rng.gaussian()
            let t = Double(k)
            // A run round a 200 m circle at 3 m/s, accuracies 3–9 m (never near the 2 m floor, even scaled).
            let angle: Double = 3 * t / 200
            let east: Double = 200 * sin(angle) + be + 0.5 * rng.gaussian()
            let north: Double = 200 * (1 - cos(angle)) + bn + 0.5 * rng.gaussian()
            let accuracy: Double = 3 + 6 * rng.uniform()
            return fixtures.fix(k, t: t, east: east, north: north, accuracy: accuracy)
        }
        let scaled = fixes.map { f -> Fix in var f = f; f.horizontalAccuracy = f.horizontalAccuracy.map { $0 * 1.51 }; return f }
        func smoothed(_ fixes: [Fix], _ spec: String) throws -> (points: [(Double, Double)], event: StageEvent?) {
            let frame = try LocalProjection(reference: fixtures.reference)
            let result = try pipeline(spec).run(Track(activity: .running, fixes: fixes))
            return (result.track.fixes.map { frame.project($0.point) }, result.events.first { $0.kind == "track-smoother-model" })
        }
        func largestMove(_ a: [(Double, Double)], _ b: [(Double, Double)]) -> Double {
            zip(a, b).map { hypot($0.0 - $1.0, $0.1 - $1.1) }.max() ?? .infinity
        }
        let on = try smoothed(fixes, #"{"stage": "track-smoother"}"#)
        let onScaled = try smoothed(scaled, #"{"stage": "track-smoother"}"#)
        #expect(largestMove(on.points, onScaled.points) < 1e-6)
        #expect(on.event?.fields["noise"] == .string("steps"))
        #expect(on.event?.fields["process-noise"] != nil && on.event?.fields["sigma"] != nil)
        let off = try smoothed(fixes, #"{"stage": "track-smoother", "step-noise": false}"#)
        let offScaled = try smoothed(scaled, #"{"stage": "track-smoother", "step-noise": false}"#)
        #expect(largestMove(off.points, offScaled.points) > 0.1)
        #expect(off.event?.fields["noise"] == nil)
    }

    /// The simulated city loop without speeds (right-angle corners, stops at lights; seeds 1–5, the simulator's
    /// defaults): with the activity's q the smoother cuts its corners (−0.92 % on average, errors −2.01 to +0.41 %);
    /// with step-noise every run measures longer and the mean |error| falls from 1.08 to 0.65 % — by at least 0.4
    /// points, to at most 1 %. (These figures count the stops' edges, since pauses are measured across from their
    /// anchors; the test asked a fall of half a point before that, when both lost the edges.)
    @Test func theCityLoopsCornersAreKept() throws {
        let spec = try #require(PresetPipelines.spec(named: "default"))
        let plain = spec.replacingOccurrences(of: #"{"stage": "track-smoother"}"#, with: #"{"stage": "track-smoother", "step-noise": false}"#)
        #expect(plain != spec)
        let withoutStepNoise = try TestPipelines.pipeline(plain, source: "default without step-noise")
        var on: [Double] = [], off: [Double] = []
        for seed in 1...5 as ClosedRange<UInt64> {
            let run = try RunSimulator(seed: seed).simulate(route: try RouteScenario.cityLoop.route())
            let cumulative = run.truth.map(\.cumulativeDistance)
            let truth = try #require(cumulative.max()) - (try #require(cumulative.min()))
            func error(_ pipeline: Pipeline) throws -> Double {
                let d = try #require(try pipeline.run(Track(activity: .running, fixes: run.track.fixes)).summaryValue("distance"))
                return (d - truth) / truth * 100
            }
            on.append(try error(TestPipelines.preset("default")))
            off.append(try error(withoutStepNoise))
        }
        #expect(zip(on, off).allSatisfy { $0 > $1 }, "with \(on), without \(off)")
        let meanOn = on.map(abs).reduce(0, +) / 5, meanOff = off.map(abs).reduce(0, +) / 5
        #expect(meanOn <= 1 && meanOff - meanOn >= 0.4, "mean |error| with \(meanOn) %, without \(meanOff) %")
    }
}
