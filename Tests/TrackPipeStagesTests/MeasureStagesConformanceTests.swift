import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

/// The conformance checks on odd synthetic tracks: segment breaks, pauses, no times, corrupt coordinates,
/// time going backwards.
@Suite struct MeasureStagesConformanceTests {
    static let tracks: [(name: String, track: Track)] = {
        var broken = equatorTrack(30, stepDegrees: equatorDegrees(40))
        for i in 10..<20 { broken[i].segment = 1 }
        for i in 20..<25 { broken[i].paused = true }
        broken[26].latitude = 95  // out of range (NaN would defeat the checker: NaN != NaN)
        broken[27].time = 1_600_000_000
        return [
            ("empty", Track()), ("one fix", Track(fixes: equatorTrack(1, stepDegrees: 0))),
            ("straight", Track(fixes: equatorTrack(400, stepDegrees: equatorDegrees(10)))),
            ("untimed", Track(fixes: equatorTrack(50, stepDegrees: equatorDegrees(30), interval: nil))),
            ("broken", Track(fixes: broken)),
        ]
    }()

    @Test(arguments: [DistanceStage.self, SplitsStage.self, BadgesStage.self] as [any Stage.Type])
    func conforms(_ type: any Stage.Type) {
        let failures = StageConformance.check(type, on: Self.tracks)
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func summaryFiguresAreAlwaysFinite() throws {
        for (name, track) in Self.tracks {
            for out in [try StageHarness<DistanceStage>().run(track.fixes), try StageHarness<SplitsStage>().run(track.fixes),
                        try StageHarness<BadgesStage>().run(track.fixes)] {
                #expect(out.summary.allSatisfy { $0.value.isFinite }, "\(name)")
            }
        }
    }
}
