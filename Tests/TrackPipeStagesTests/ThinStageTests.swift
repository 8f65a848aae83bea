import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

/// `thin` on hand-made geometry: which fixes a distance and a time floor keep, the path-length change by hand,
/// segments, live = offline, and the bound that every dropped fix lies within min-step of a kept one.
@Suite struct ThinStageTests {
    typealias H = StageHarness<ThinStage>

    /// Fixes 3 m apart due east.
    func line(_ n: Int) -> [Fix] { PlanarTrack.fixes((0..<n).map { (Double($0) * 3, 0) }) }

    @Test func keepsEveryFixAtLeastMinStepFromTheLastKept() throws {
        // 3 m steps, 10 m floor: 9 m from the last kept is too close, 12 m is not, so every 4th fix is kept.
        let out = try StageTestSupport.liveEqualsOffline(try H(parameters: ["min-step": .number(10)]), line(13))
        #expect(out.keptIndices == [0, 4, 8, 12])
        #expect(out.drop(of: 3)?.rule == "min-step")
        #expect(abs((out.drop(of: 3)?.measured ?? 0) - 9) < 1e-6)
        // Kept steps of 12 m span the whole 36 m line: no length lost.
        #expect(abs(out.summaryValue(ThinStage.SummaryKey.lengthChange)! - 0) < 1e-6)

        // Two fixes past the last kept one: the 6 m tail is lost (30 m → 24 m).
        let tail = try H(parameters: ["min-step": .number(10)]).run(line(11))
        #expect(tail.keptIndices == [0, 4, 8])
        #expect(abs(tail.summaryValue(ThinStage.SummaryKey.lengthChange)! - -6) < 1e-6)
    }

    @Test func aStepExactlyAtTheFloorIsKept() throws {
        let out = try H(parameters: ["min-step": .number(6)]).run(PlanarTrack.fixes([(0, 0), (6, 0), (11.999, 0), (12, 0)]))
        #expect(out.keptIndices == [0, 1, 3])
    }

    @Test func timeFloor() throws {
        // 1 Hz, 3 m steps, distance rule off: a fix is kept every 5 s.
        let out = try StageTestSupport.liveEqualsOffline(
            try H(parameters: ["min-step": .number(0), "min-interval": .number(5)]), line(12))
        #expect(out.keptIndices == [0, 5, 10])
        #expect(out.drop(of: 1)?.rule == "min-interval" && out.drop(of: 1)?.measured == 1 && out.drop(of: 1)?.threshold == 5)
        // Both rules: the distance rule names the drop when both fire.
        let both = try H(parameters: ["min-step": .number(7), "min-interval": .number(4)]).run(line(12))
        #expect(both.keptIndices == [0, 4, 8])
        #expect(both.drop(of: 2)?.rule == "min-step" && both.drop(of: 3)?.rule == "min-interval")
    }

    @Test func untimedFixesAreJudgedByDistanceOnly() throws {
        var fixes = line(6)
        for i in fixes.indices { fixes[i].time = nil }
        #expect(try H(parameters: ["min-step": .number(5), "min-interval": .number(100)]).run(fixes).keptIndices == [0, 2, 4])
    }

    @Test func everySegmentKeepsItsFirstFix() throws {
        var fixes = line(8)
        for i in 4..<8 { fixes[i].segment = 1 }
        #expect(try H(parameters: ["min-step": .number(100)]).run(fixes).keptIndices == [0, 4])
    }

    /// On wandering walks: every fix dropped by min-step is within min-step of the last kept fix, every kept step is
    /// at least min-step, and the kept path is never longer than the input path. Measured with haversine on the mean
    /// sphere, which differs from the stage's WGS84 local metres by < 0.6 % near the equator.
    @Test(arguments: StageTestSupport.seeds.prefix(8)) func bounds(seed: UInt64) throws {
        let fixes = PlanarTrack.wander(600, seed: seed)
        let out = try H(parameters: ["min-step": .number(10)]).run(fixes)
        var lastKept = fixes[0]
        var kept = Set(out.keptIndices)
        kept.insert(0)
        for f in fixes.dropFirst() {
            let d = Geodesy.haversine(lastKept.point, f.point)
            if kept.contains(f.sourceIndex) {
                #expect(d >= 10 * 0.994)
                lastKept = f
            } else {
                #expect(d < 10 * 1.006)
            }
        }
        #expect(out.summaryValue(ThinStage.SummaryKey.lengthChange)! <= 1e-9)
    }

    @Test func conforms() {
        let tracks: [(name: String, track: Track)] = [
            ("empty", Track()), ("line", Track(fixes: line(40))), ("wander", Track(fixes: PlanarTrack.wander(300, seed: 3))),
        ]
        #expect(StageConformance.check(ThinStage.self, on: tracks).isEmpty)
    }
}
