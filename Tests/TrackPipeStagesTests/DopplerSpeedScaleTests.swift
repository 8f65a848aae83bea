import Foundation
import Testing
import TestSupport
import TrackPipe
import TrackPipeLab
@testable import TrackPipeStages
import TrackPipeTesting

/// `track-smoother`'s speed calibration (`DopplerSpeedScale`): speeds with a scale error are found out by the
/// positions' straight stretches and corrected; good speeds, too few stretches and a winding course are left alone.
@Suite struct DopplerSpeedScaleTests {
    /// 40 minutes of riding at 6 m/s, 1 Hz, along 300 m legs joined by 90° turns of 15 m radius, with a wandering
    /// position error (σ 3 m, τ 30 s) plus 1 m of white noise, and Doppler speeds with 0.2 m/s of noise multiplied
    /// by `speedFactor`. One fix in 17 is missing (as an accuracy gate leaves a phone's track).
    static func ride(speedFactor: Double, seed: UInt64, minutes: Int = 40, radius: Double = 15, leg: Double = 300) throws -> [Fix] {
        var rng = Xoshiro256StarStar(seed: seed)
        let fixtures = TrackFixtures()
        // Positions in ground metres, as the receiver's speeds are (the fixtures' frame has a sphere's).
        let ground = try LocalProjection(reference: fixtures.reference).groundScale
        let v = 6.0
        var e = 0.0, n = 0.0, heading = 0.0, along = 0.0
        var be = 0.0, bn = 0.0
        let a = exp(-1.0 / 30)
        var fixes: [Fix] = []
        for k in 0..<(minutes * 60) {
            if k > 0 {
                // One second: straight on the leg, then a quarter turn left at `radius`.
                let turnLength = Double.pi / 2 * radius
                let phase = along.truncatingRemainder(dividingBy: leg + turnLength)
                if phase < leg {
                    e += v * sin(heading)
                    n += v * cos(heading)
                } else {
                    heading -= v / radius
                    e += v * sin(heading)
                    n += v * cos(heading)
                }
                along += v
            }
            be = a * be + 3 * (1 - a * a).squareRoot() * rng.gaussian()
            bn = a * bn + 3 * (1 - a * a).squareRoot() * rng.gaussian()
            guard k % 17 != 5 else { continue }
            var f = fixtures.fix(k, t: Double(k), east: (e + be + rng.gaussian()) / ground.east,
                                 north: (n + bn + rng.gaussian()) / ground.north, accuracy: 5)
            f.speed = max(0, (v + 0.2 * rng.gaussian()) * speedFactor)
            f.course = ((heading * 180 / .pi).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
            fixes.append(f)
        }
        return fixes
    }

    static func estimate(_ fixes: [Fix]) -> DopplerSpeedScale? {
        DopplerSpeedScale.estimate(fixes)
    }

    /// Speeds reading 3 % low (the Whitchurch MotoG3's) or 5 % low are scaled back to within 1 %.
    @Test(arguments: [(0.97, UInt64(1)), (0.97, 2), (0.95, 3)])
    func aScaleErrorIsFound(factor: Double, seed: UInt64) throws {
        let found = try #require(Self.estimate(try Self.ride(speedFactor: factor, seed: seed)))
        #expect(abs(found.scale * factor - 1) < 0.01, "scale \(found.scale) for speeds × \(factor)")
        #expect(found.stretches >= DopplerSpeedScale.minimumStretches)
    }

    /// Good speeds, on ten seeded rides: never scaled. Speeds reading 3 % high neither: a line shorter than the
    /// speeds' integral may be a stretch's bends.
    @Test func goodSpeedsAreLeftAlone() throws {
        for seed in UInt64(10)..<20 {
            let found = Self.estimate(try Self.ride(speedFactor: 1, seed: seed))
            #expect(found == nil, "seed \(seed): scaled by \(found?.scale ?? 1)")
        }
        #expect(Self.estimate(try Self.ride(speedFactor: 1.03, seed: 20)) == nil)
    }

    /// Too short a ride to judge (fewer than 20 straight stretches), or one that never runs straight (a circle of
    /// 40 m radius: no stretch's ends lie 0.97 of its path apart): nothing is measured, even with speeds 5 % low.
    @Test func withoutEnoughStraightStretchesNothingIsMeasured() throws {
        #expect(Self.estimate(try Self.ride(speedFactor: 0.95, seed: 4, minutes: 8)) == nil)
        #expect(Self.estimate(try Self.ride(speedFactor: 0.95, seed: 5, radius: 40, leg: 0)) == nil)
    }

    /// In the stage: the ride's distance by the smoothed speeds is within 0.5 % of the truth with the speeds 4 % low
    /// (off, it is about 4 % short), and the model event says the scale.
    @Test func theStageTakesTheScaleOut() throws {
        let fixes = try Self.ride(speedFactor: 0.96, seed: 6)
        // The true path: legs and turns at 6 m/s for 40 minutes.
        let truth = 6.0 * Double(40 * 60 - 1)
        func run(_ calibrate: Bool) throws -> PipelineResult {
            let spec = #"{"version": 1, "name": "t", "stages": [{"stage": "track-smoother", "calibrate-speeds": \#(calibrate)}, {"stage": "distance", "method": "speed"}]}"#
            return try Pipeline.load(Array(spec.utf8), registry: try StageRegistry.builtIn()).get()
                .run(Track(activity: .cycling, fixes: fixes))
        }
        let on = try run(true), off = try run(false)
        let with = try #require(on.summaryValue("distance")), without = try #require(off.summaryValue("distance"))
        #expect(abs(with - truth) / truth < 0.005, "calibrated \(with) m against \(truth) m")
        #expect((without - truth) / truth < -0.03, "not calibrated \(without) m")
        let model = try #require(on.events.first { $0.kind == "track-smoother-model" })
        guard case .number(let scale)? = model.fields["speed-scale"] else {
            Issue.record("no speed-scale in \(model.fields)")
            return
        }
        #expect(abs(scale * 0.96 - 1) < 0.005)
        #expect(off.events.first { $0.kind == "track-smoother-model" }?.fields["speed-scale"] == nil)
    }
}
