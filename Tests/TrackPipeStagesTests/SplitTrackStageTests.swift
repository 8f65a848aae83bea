import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

/// `split-track` on hand-made tracks: a gap, a stop, both rules off, segments already there, and what distance then
/// leaves out.
@Suite struct SplitTrackStageTests {
    typealias H = StageHarness<SplitTrackStage>

    /// 10 m steps on the equator at the given times.
    func track(_ times: [Double], paused: Set<Int> = []) -> [Fix] {
        times.enumerated().map { i, t in
            var f = Fix(time: t, latitude: 0, longitude: equatorDegrees(10 * Double(i)), horizontalAccuracy: 5, sourceIndex: i)
            f.paused = paused.contains(i)
            return f
        }
    }

    @Test func aGapStartsASegment() throws {
        let fixes = track([0, 1, 2, 302, 303, 304])  // a 300 s gap before fix 3
        let out = try StageTestSupport.liveEqualsOffline(try H(parameters: ["max-gap": .number(120)]), fixes)
        #expect(out.kept.map(\.segment) == [0, 0, 0, 1, 1, 1])
        #expect(out.changed.map(\.updated.sourceIndex) == [3, 4, 5])
        #expect(out.events.map(\.kind) == ["segment-break"] && out.events[0].fields["reason"] == .string("gap")
                && out.events[0].fields["duration"] == .number(300))
        #expect(out.summaryValue(SplitTrackStage.SummaryKey.breaks) == 1)
        // A gap exactly at the limit is not a break.
        #expect(try H(parameters: ["max-gap": .number(300)]).run(fixes).changed.isEmpty)
        // Distance leaves the step across the break out: 2 steps of 10 m either side.
        let distance = try StageHarness<DistanceStage>().run(out.kept)
        #expect(abs(distance.summaryValue(DistanceStage.SummaryKey.distance)! - 40) < 1e-6)
    }

    @Test func aLongStopStartsASegment() throws {
        // Paused from t = 3 to t = 8; the first moving fix after is at t = 9: a 6 s stop.
        let fixes = track(Array(0...12).map(Double.init), paused: Set(3...8))
        let out = try H(parameters: ["max-stop": .number(5)]).run(fixes)
        #expect(out.kept.map(\.segment) == Array(repeating: 0, count: 9) + [1, 1, 1, 1])
        #expect(out.events.first?.fields["reason"] == .string("stop") && out.events.first?.fields["duration"] == .number(6))
        #expect(try H(parameters: ["max-stop": .number(6)]).run(fixes).changed.isEmpty)
    }

    @Test func offByDefaultAndSegmentsKept() throws {
        var fixes = track([0, 1, 1000, 1001])
        #expect(try H().run(fixes).changed.isEmpty)
        // Input segments stay apart and keep their order: the break adds one to the later fixes.
        fixes[1].segment = 1; fixes[2].segment = 1; fixes[3].segment = 2
        let out = try H(parameters: ["max-gap": .number(60)]).run(fixes)
        #expect(out.kept.map(\.segment) == [0, 1, 2, 3])
    }

    @Test func conforms() {
        let tracks: [(name: String, track: Track)] = [
            ("empty", Track()), ("gappy", Track(fixes: track([0, 1, 500, 501, 2000]))),
        ]
        #expect(StageConformance.check(SplitTrackStage.self, on: tracks).isEmpty)
    }
}
