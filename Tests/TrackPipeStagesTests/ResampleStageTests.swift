import Foundation
import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

/// `resample`, against hand computations on tracks along a straight line east of the fixtures' origin.
@Suite struct ResampleStageTests {
    typealias H = StageHarness<ResampleStage>

    func fix(_ i: Int, t: Double, east: Double, segment: Int = 0) -> Fix {
        TestTracks.fix(i, t: t, east: east, segment: segment)
    }

    func east(_ f: Fix) -> Double { (try? LocalProjection(reference: TestTracks.reference))?.project(f.point).east ?? .nan }

    /// Fixes at 0, 1, 2.5 and 4 s moving 3 m/s, resampled every second: 0, 1 and 4 are on instants and kept;
    /// 2 and 3 s are made (6 m and 9 m east, between the fixes around them); 2.5 s is dropped, lying on the
    /// resampled line (0 m off it).
    @Test func timeInstantsKeepMakeAndDrop() throws {
        let input = [fix(0, t: 0, east: 0), fix(1, t: 1, east: 3), fix(2, t: 2.5, east: 7.5), fix(3, t: 4, east: 12)]
        let out = try H().run(input)
        #expect(out.kept.map(\.time) == [0, 1, 2, 3, 4].map { 1_700_000_000 + $0 })
        #expect(out.kept.map(\.sourceIndex)[0...1] == [0, 1] && out.kept.last?.sourceIndex == 3)
        let made = out.kept.filter { $0.sourceIndex >= 1 << 40 }
        #expect(made.map(\.sourceIndex) == [1 << 40, (1 << 40) + 1])
        #expect(zip(made.map(east), [6.0, 9.0]).allSatisfy { abs($0 - $1) < 1e-6 })
        #expect(out.made == [MadeFix(sourceIndex: 1 << 40, from: 1, to: 2), MadeFix(sourceIndex: (1 << 40) + 1, from: 2, to: 3)])
        let drop = try #require(out.dropped.first)
        #expect(out.dropped.count == 1 && drop.sourceIndex == 2 && drop.rule == "resampled")
        #expect(abs(drop.measured ?? 9) < 1e-6)
    }

    /// A step longer than max-gap (20 s > 10 s) and a segment change are left as they are: no fix is made in
    /// them and the fixes on both sides are kept.
    @Test func gapsAndSegmentsStayGaps() throws {
        let input = [fix(0, t: 0, east: 0), fix(1, t: 2, east: 6), fix(2, t: 22, east: 66), fix(3, t: 24, east: 72, segment: 1), fix(4, t: 26, east: 78, segment: 1)]
        let out = try H().run(input)
        #expect(out.made.map(\.from) == [0, 3])  // one made fix in each 2-s step, none in the 20-s gap
        #expect(out.kept.filter { $0.sourceIndex < 1 << 40 }.map(\.sourceIndex) == [0, 1, 2, 3, 4])
        #expect(out.dropped.isEmpty)
    }

    /// By distance: a straight run at 3 m/s sampled every second (0, 3, …, 60 m), every 10 m: 30 m and 60 m are
    /// input fixes and kept; 10, 20, 40 and 50 m are made, with the times the run passed there (10 m at 3.33 s).
    @Test func distanceInstantsAlongThePath() throws {
        let input = (0...20).map { fix($0, t: Double($0), east: 3 * Double($0)) }
        let out = try H(parameters: ["by": .string("distance"), "spacing": .number(10)]).run(input)
        let made = out.kept.filter { $0.sourceIndex >= 1 << 40 }
        #expect(out.kept.filter { $0.sourceIndex < 1 << 40 }.map(\.sourceIndex) == [0, 10, 20])
        #expect(made.count == 4)
        for (f, metres) in zip(made, [10.0, 20, 40, 50]) {
            #expect(abs(east(f) - metres) < 1e-6)
            #expect(abs((f.time ?? 0) - (1_700_000_000 + metres / 3)) < 1e-6)
        }
        #expect(out.dropped.count == 18)  // every input fix but 0, 30 and 60 m
    }

    /// Course the short way round (350° → 10° is 0° halfway), accuracies the larger, altitude and speed linear.
    @Test func interpolatedFields() {
        var a = fix(0, t: 0, east: 0), b = fix(1, t: 2, east: 6)
        a.course = 350; b.course = 10
        a.horizontalAccuracy = 3; b.horizontalAccuracy = 7
        a.altitude = 10; b.altitude = 20
        a.speed = 2; b.speed = 4
        let f = ResampleStage.interpolate(a, b, 0.5, at: a.point)
        #expect(f.course == 0 && f.horizontalAccuracy == 7 && f.altitude == 15 && f.speed == 3 && f.time == 1_700_000_001)
    }

    /// Work is bounded by the input: a step that would need more than 100 made fixes is left as it is, with an
    /// event; 0.01 s instants over 1.5-s steps make 149 each, so none is made.
    @Test func aStepNeedingTooManyFixesIsLeftAlone() throws {
        let input = (0..<5).map { fix($0, t: 1.5 * Double($0), east: 4.5 * Double($0)) }
        let out = try H(parameters: ["interval": .number(0.01)]).run(input)
        #expect(out.made.isEmpty && out.kept.count == 5)
        #expect(out.events.filter { $0.kind == "resample-step-skipped" }.count == 4)
    }

    @Test func conformance() {
        let tracks: [(name: String, track: Track)] = [("empty", Track()), ("one", Track(fixes: TestTracks.straight(count: 1))),
                                                      ("random", Track(fixes: TestTracks.random(seed: 5, count: 300)))]
        #expect(StageConformance.check(ResampleStage.self, on: tracks).isEmpty)
    }
}
