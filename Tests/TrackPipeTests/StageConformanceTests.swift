import CustomStage
import Testing
@testable import TrackPipe
import TrackPipeTesting

/// Claims to keep time order but reverses the track: conformance must catch the broken promise.
struct LyingStage: Stage {
    static let descriptor = StageDescriptor(name: "lying", summary: "Reverses fixes (test).", parameters: [],
                                            guarantees: [.preservesOrder, .strictlyIncreasingTime])
    init(parameters: StageParameters) throws {}
    func run(_ input: StageInput) throws -> StageOutput { StageOutput(kept: input.fixes.reversed()) }
}

@Suite struct StageConformanceTests {
    let tracks: [(name: String, track: Track)] = [
        ("empty", Track()), ("one fix", Track(fixes: equatorFixes(1))), ("ten fixes", Track(fixes: equatorFixes(10))),
    ]

    @Test func aWellBehavedCausalStagePasses() {
        #expect(StageConformance.check(DropOddStage.self, on: tracks).isEmpty)
    }

    @Test func aStageThatLosesFixesFails() {
        let failures = StageConformance.check(LosingStage.self, on: tracks)
        #expect(failures.map(\.track) == ["one fix", "ten fixes"])
        #expect(failures.allSatisfy { $0.check == "kept + dropped = read" })
    }

    @Test func brokenPromisesAreCaught() {
        let checks = Set(StageConformance.check(LyingStage.self, on: tracks).map(\.check))
        #expect(checks == ["preserves order", "strictly increasing time"])
    }

    /// A stage that says it only measures: kept exactly as it came in, and deaf to what came before.
    @Test func measuringOnlyIsChecked() {
        #expect(StageConformance.check(MeasuringStage.self, on: tracks).isEmpty)
        // Its kept fixes were counted, not stored (it said it keeps them all), so more checks fail with it.
        let dropping = StageConformance.check(FalselyMeasuringStage.self, on: tracks)
        #expect(dropping.filter { $0.check == "measures only" }.map(\.track) == ["one fix", "ten fixes"])
        let eavesdropping = StageConformance.check(EavesdroppingStage.self, on: tracks)
        #expect(eavesdropping.count == 3 && eavesdropping.allSatisfy { $0.check == "measures only" })
    }

    @Test func theExamplePluginConforms() {
        #expect(StageConformance.check(MinimumStepStage.self, on: tracks).isEmpty)
    }
}
