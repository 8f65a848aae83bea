import CustomStage
import Testing
import TrackPipe
import TrackPipeStages
import TrackPipeTesting

/// The plugin API end to end: a stage from outside the library, registered beside the built-ins and run
/// from a JSON spec through the same runner as every built-in.
@Suite struct CustomStagePluginTests {
    @Test func registersAndRunsFromAJSONSpec() throws {
        var registry = try StageRegistry.builtIn()
        try registry.register(MinimumStepStage.self)
        let spec = #"{"version": 1, "name": "thin", "stages": [{"stage": "min-step", "min-step": 20}]}"#
        let pipeline = try Pipeline.load(Array(spec.utf8), registry: registry).get()
        // 0.0001° of longitude at the equator is 11.13 m (WGS84 local scale): every other fix is under 20 m
        // from the last kept one, so fixes 0, 2, 4, … stay.
        let result = try pipeline.run(Track(fixes: equatorFixes(9)))
        #expect(result.track.fixes.map(\.sourceIndex) == [0, 2, 4, 6, 8])
        // Each odd fix is dropped one step (0.0001° of the equator, a·π/180·0.0001 = 11.1319491 m) from the
        // last kept fix.
        #expect(result.dropped.map(\.sourceIndex) == [1, 3, 5, 7])
        #expect(result.dropped.allSatisfy { $0.stage == "min-step" && $0.rule == "min-step" && $0.threshold == 20 })
        #expect(result.dropped.allSatisfy { abs(($0.measured ?? 0) - 11.131949079) < 1e-6 })
    }

    @Test func aPluginCannotTakeABuiltInName() throws {
        var registry = try StageRegistry.builtIn()
        try registry.register(MinimumStepStage.self)
        #expect(throws: StageRegistry.Failure.duplicateName("min-step")) { try registry.register(MinimumStepStage.self) }
    }

    /// What a plugin author does with TrackPipeTesting: the stage alone in the harness on a fixture track, with
    /// the expected result worked out by hand, and the conformance check on the same track.
    @Test func testedWithTheHarnessFixturesAndConformanceCheck() throws {
        // 2 m steps; with min-step 5 the kept fixes are every third one: 6 m ≥ 5 m, 4 m is not.
        let run = TrackFixtures().straight(count: 10, speed: 2)
        let out = try StageHarness<MinimumStepStage>(parameters: ["min-step": .number(5)]).run(run)
        #expect(out.kept.map(\.sourceIndex) == [0, 3, 6, 9])
        #expect(out.dropped.map(\.sourceIndex) == [1, 2, 4, 5, 7, 8])
        #expect(StageConformance.check(MinimumStepStage.self, on: [("straight", Track(fixes: run))]).isEmpty)
    }
}
