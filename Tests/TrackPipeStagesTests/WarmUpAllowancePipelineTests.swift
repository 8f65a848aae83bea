import Foundation
import Testing
import TrackPipe
import TrackPipeLab
@testable import TrackPipeStages

/// The default pipeline keeps the receiver's warm-up fixes that carry a Doppler speed (`accuracy-gate`'s
/// `warm-up-max-horizontal-accuracy` 300 m) and lets `track-smoother` measure the runner's motion through them.
/// Held against the simulator's truth on a heavy warm-up (90 fixes settling from 250 m to 15 m of error), with the
/// runner moving through it and standing through it.
@Suite struct WarmUpAllowancePipelineTests {
    /// Out and back, seed 3, Doppler on, no multipath bursts: only the warm-up is unusual. `startDelay`: seconds
    /// the runner stands at the start before setting off.
    static func heavyWarmUp(startDelay: Double = 0) throws -> SimulatedRun {
        var parameters = SimulationParameters()
        parameters.warmUp.fixes = 90
        parameters.warmUp.initialError = 250
        parameters.warmUp.finalError = 15
        parameters.doppler.enabled = true
        parameters.multipath.enabled = false
        parameters.runner.startDelay = startDelay
        return try RunSimulator(parameters: parameters, seed: 3).simulate(route: try RouteScenario.outAndBack.route())
    }

    /// The run's true distance, metres.
    static func trueDistance(_ run: SimulatedRun) throws -> Double {
        let cumulative = run.truth.map(\.cumulativeDistance)
        return try #require(cumulative.max()) - (try #require(cumulative.min()))
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
        let trueDistance = try Self.trueDistance(run)
        let allowed = try error(TestPipelines.preset("default"), run.track.fixes, trueDistance: trueDistance)
        let dropped = try error(Self.withoutAllowance(), run.track.fixes, trueDistance: trueDistance)
        #expect(abs(allowed) <= 0.5, "\(allowed) %")
        #expect(dropped < -2, "\(dropped) %")
    }

    /// Standing through the warm-up (`runner.start-delay` 90 s: the receiver reads a standing runner's speeds, no
    /// course below 0.5 m/s): the kept warm-up adds no distance — within 0.05 % of the run without the allowance,
    /// and the run within issue 12's 0.5 %.
    @Test func aRunnerStandingThroughTheWarmUpGainsNoDistance() throws {
        let run = try Self.heavyWarmUp(startDelay: 90)
        let standing = run.truth.prefix { !$0.moving }.count
        #expect(standing >= 90)
        let trueDistance = try Self.trueDistance(run)
        let allowed = try error(TestPipelines.preset("default"), run.track.fixes, trueDistance: trueDistance)
        let dropped = try error(Self.withoutAllowance(), run.track.fixes, trueDistance: trueDistance)
        #expect(abs(allowed - dropped) <= 0.05, "\(allowed) % against \(dropped) %")
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
