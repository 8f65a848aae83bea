import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

@Suite struct SplitsStageTests {
    /// 2.48 km (62 steps of 40 m) along the equator at 4 m/s, one fix every 10 s (40 m steps), altitude rising 1 m per 100 m.
    func run(metres: Double = 2480) -> [Fix] {
        let n = Int(metres / 40) + 1
        return equatorTrack(n, stepDegrees: equatorDegrees(40), interval: 10) { i in 100 + Double(i) * 0.4 }
    }

    @Test func kilometreSplitsWithInterpolatedBoundaries() throws {
        let out = try StageHarness<SplitsStage>().run(run())
        let splits = try #require(out.annotations[SplitsKey.self]).splits
        #expect(splits.count == 3)
        #expect(splits.map(\.isPartial) == [false, false, true])
        let t0 = 1_700_000_000.0
        for (k, split) in splits.prefix(2).enumerated() {
            #expect(abs(split.length - 1000) < 1e-6)
            #expect(abs(split.movingTime - 250) < 1e-6)  // 1000 m at 4 m/s
            #expect(abs((split.pace ?? .nan) - 0.25) < 1e-9)
            // 1000 m = 25 steps of 40 m: the boundary falls on a fix; times are exact.
            #expect(abs((split.endTime ?? .nan) - (t0 + 250 * Double(k + 1))) < 1e-6)
            #expect(abs((split.altitudeChange ?? .nan) - 10) < 1e-6)
        }
        #expect(abs(splits[2].length - 480) < 1e-6)
        #expect(abs(splits[2].movingTime - 120) < 1e-6)
        #expect(out.events.filter { $0.kind == "split" }.count == 3)
    }

    @Test func boundaryBetweenFixesIsInterpolated() throws {
        // 30 m steps every 10 s (3 m/s): 1000 m falls a third of the way through the 34th step.
        let fixes = equatorTrack(40, stepDegrees: equatorDegrees(30), interval: 10) { i in Double(i) * 3 }
        let out = try StageHarness<SplitsStage>().run(fixes)
        let first = try #require(out.annotations[SplitsKey.self]?.splits.first)
        #expect(abs((first.endTime ?? .nan) - (1_700_000_000 + 1000.0 / 3)) < 1e-6)
        #expect(abs(first.movingTime - 1000.0 / 3) < 1e-6)
        #expect(abs((first.altitudeChange ?? .nan) - 100) < 1e-6)  // altitude = 0.1 × distance
    }

    @Test func mileSplits() throws {
        let out = try StageHarness<SplitsStage>(parameters: ["per": .string("mi")]).run(run(metres: 4000))
        let s = try #require(out.annotations[SplitsKey.self])
        #expect(s.units == .imperial)
        #expect(s.splits.count == 3)
        #expect(abs(s.splits[0].length - 1609.344) < 1e-6)
        #expect(abs(s.splits[0].movingTime - 1609.344 / 4) < 1e-6)
        #expect(abs(s.splits[2].length - (4000 - 2 * 1609.344)) < 1e-6)
        #expect(s.splits[2].isPartial)
    }

    @Test func pauseCountsInElapsedButNotMovingTime() throws {
        var fixes = run(metres: 1200)
        // Stand still for 60 s after 400 m: the paused fixes repeat the position 60 s later.
        let stop = fixes[10]
        var paused = stop
        paused.paused = true
        paused.time = (stop.time ?? 0) + 60
        paused.sourceIndex = 1000
        fixes.insert(paused, at: 11)
        for i in 12..<fixes.count { fixes[i].time = (fixes[i].time ?? 0) + 60 }
        let out = try StageHarness<SplitsStage>().run(fixes)
        let first = try #require(out.annotations[SplitsKey.self]?.splits.first)
        #expect(abs(first.movingTime - 250) < 1e-6)
        #expect(abs((first.elapsedTime ?? .nan) - 310) < 1e-6)
    }

    @Test func noAltitudeNoTimesNoDistance() throws {
        let noAlt = try StageHarness<SplitsStage>().run(equatorTrack(30, stepDegrees: equatorDegrees(40), interval: nil))
        let s = try #require(noAlt.annotations[SplitsKey.self]).splits
        #expect(s.count == 2)
        #expect(s.allSatisfy { $0.altitudeChange == nil && $0.endTime == nil && $0.pace == nil && $0.movingTime == 0 })
        let none = try StageHarness<SplitsStage>().run(equatorTrack(3, stepDegrees: 0))
        #expect(none.annotations[SplitsKey.self]?.splits.isEmpty == true)
    }
}
