import Foundation
import Testing
import TrackPipe
import TrackPipeLab
@testable import TrackPipeStages

/// The default pipeline keeps the receiver's warm-up fixes that carry a Doppler speed (`accuracy-gate`'s
/// `warm-up-max-horizontal-accuracy` 300 m) and lets `track-smoother` measure the runner's motion through them.
/// Held against the simulator's truth on a heavy warm-up (90 fixes settling from 250 m to 15 m of error), with the
/// runner moving through it and, the same fixes moved to where the runner stands, standing through it.
@Suite struct WarmUpAllowancePipelineTests {
    /// Out and back, seed 3, Doppler on, no multipath bursts: only the warm-up is unusual.
    static func heavyWarmUp() throws -> SimulatedRun {
        var parameters = SimulationParameters()
        parameters.warmUp.fixes = 90
        parameters.warmUp.initialError = 250
        parameters.warmUp.finalError = 15
        parameters.doppler.enabled = true
        parameters.multipath.enabled = false
        return try RunSimulator(parameters: parameters, seed: 3).simulate(route: try RouteScenario.outAndBack.route())
    }

    /// The default preset with the gate's allowance removed (the accuracy gate at its defaults).
    static func withoutAllowance() throws -> Pipeline {
        let spec = try #require(PresetPipelines.spec(named: "default"))
        let plain = spec.replacingOccurrences(of: #"{"stage": "accuracy-gate", "warm-up-max-horizontal-accuracy": 300}"#,
                                              with: #"{"stage": "accuracy-gate"}"#)
        #expect(plain != spec)
        return try TestPipelines.pipeline(plain, source: "default without the allowance")
    }

    /// The pipeline's distance error against `trueDistance`, % of it.
    func error(_ pipeline: Pipeline, _ fixes: [Fix], trueDistance: Double) throws -> Double {
        let result = try pipeline.run(Track(activity: .running, fixes: fixes))
        let distance = try #require(result.summaryValue("distance"))
        return (distance - trueDistance) / trueDistance * 100
    }

    /// Moving from the first second: without the allowance the run starts when the error has settled below 20 m,
    /// about a minute late, and comes out ~3 % short; with it, within issue 12's 0.5 %.
    @Test func aRunnerMovingThroughTheWarmUpIsMeasuredFromTheStart() throws {
        let run = try Self.heavyWarmUp()
        let cumulative = run.truth.map(\.cumulativeDistance)
        let trueDistance = try #require(cumulative.max()) - (try #require(cumulative.min()))
        let allowed = try error(TestPipelines.preset("default"), run.track.fixes, trueDistance: trueDistance)
        let dropped = try error(Self.withoutAllowance(), run.track.fixes, trueDistance: trueDistance)
        #expect(abs(allowed) <= 0.5, "\(allowed) %")
        #expect(dropped < -2, "\(dropped) %")
    }

    /// Standing through the warm-up (each warm-up fix keeps its error but about the place the run starts from, and
    /// reads a standing receiver's speed, under 0.5 m/s without a course): the kept warm-up adds no distance.
    @Test func aRunnerStandingThroughTheWarmUpGainsNoDistance() throws {
        let run = try Self.heavyWarmUp()
        let truth = Dictionary(uniqueKeysWithValues: run.truth.map { ($0.sourceIndex, $0) })
        let warmUp = Set(run.truth.filter { $0.anomaly == .warmUp }.map(\.sourceIndex))
        let settled = try #require(run.truth.first { $0.sourceIndex == (warmUp.max() ?? 0) + 1 })
        var random = SplitMix64(seed: 9)
        let fixes = try run.track.fixes.map { fix -> Fix in
            guard warmUp.contains(fix.sourceIndex) else { return fix }
            let t = try #require(truth[fix.sourceIndex])
            var f = fix
            f.latitude = settled.latitude + (fix.latitude - t.latitude)
            f.longitude = settled.longitude + (fix.longitude - t.longitude)
            f.speed = 0.5 * random.unit()
            f.course = nil
            return f
        }
        let trueDistance = try #require(run.truth.map(\.cumulativeDistance).max()) - settled.cumulativeDistance
        let allowed = try error(TestPipelines.preset("default"), fixes, trueDistance: trueDistance)
        #expect(abs(allowed) <= 0.5, "\(allowed) %")
    }

    /// Without speeds nothing changes: positions alone cannot tell the warm-up's wandering error from running
    /// (kept and weighed as white noise, the same standing warm-up measured +4.4 % at 300 m).
    @Test func withoutSpeedsTheWarmUpIsDroppedAsBefore() throws {
        let run = try Self.heavyWarmUp()
        let fixes = run.track.fixes.map { f -> Fix in var f = f; f.speed = nil; f.course = nil; return f }
        let track = Track(activity: .running, fixes: fixes)
        let allowed = try TestPipelines.preset("default").run(track)
        let plain = try Self.withoutAllowance().run(track)
        #expect(allowed.track.fixes == plain.track.fixes)
        #expect(allowed.summaryValue("distance") == plain.summaryValue("distance"))
    }
}
