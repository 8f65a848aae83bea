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

    /// A step that crosses several boundaries (here 4.5 km between two fixes, a gap) ends one split at the first
    /// and one spanning split at the last: 5 fixes 300 m apart, then a 4 500 m step, then 5 more.
    /// Distances: 0…1200, 5700…6900. Splits: km 1 (0–1000), km 2 (1000–2000, ends inside the gap), one spanning
    /// split 2000–5000 numbered 5, km 6 (5000–6000), a partial 6000–6900.
    @Test func aStepAcrossSeveralBoundariesGivesOneSpanningSplit() throws {
        var fixes = equatorTrack(5, stepDegrees: equatorDegrees(300), interval: 100)
        let after = equatorTrack(5, stepDegrees: equatorDegrees(300), interval: 100, start: 1_700_001_000).map { f -> Fix in
            var f = f
            f.longitude += equatorDegrees(5700)
            f.sourceIndex += 5
            return f
        }
        fixes += after
        let out = try StageHarness<SplitsStage>().run(fixes)
        let splits = try #require(out.annotations[SplitsKey.self]).splits
        #expect(splits.map(\.index) == [1, 2, 5, 6, 7])
        let ends = splits.map { ($0.startDistance, $0.endDistance) }
        let expected: [(Double, Double)] = [(0, 1000), (1000, 2000), (2000, 5000), (5000, 6000), (6000, 6900)]
        #expect(ends.count == expected.count)
        for (e, x) in zip(ends, expected) { #expect(abs(e.0 - x.0) < 1e-6 && abs(e.1 - x.1) < 1e-6, "\(e) vs \(x)") }
        #expect(splits.map(\.isPartial) == [false, false, false, false, true])
    }

    /// However far apart two fixes are, the splits stay within about twice the fixes: 100 fixes 20 000 km apart
    /// (2 million km) give at most 200 splits, not 2 million.
    @Test func splitsAreBoundedByTheFixesNotTheDistance() throws {
        let fixes = (0..<100).map { i in
            Fix(time: 1_700_000_000 + Double(i) * 2_592_000, latitude: 0, longitude: i % 2 == 0 ? 0 : 179.9, horizontalAccuracy: 5, sourceIndex: i)
        }
        let out = try StageHarness<SplitsStage>().run(fixes)
        let splits = try #require(out.annotations[SplitsKey.self]).splits
        #expect(splits.count <= 2 * fixes.count)
        #expect(splits.count >= fixes.count - 1)
        // The splits still tile the whole distance.
        let total = try #require(out.summaryValue("distance") ?? splits.last?.endDistance)
        #expect(abs((splits.last?.endDistance ?? 0) - total) < 1e-3)
        for (a, b) in zip(splits, splits.dropFirst()) { #expect(a.endDistance == b.startDistance && a.index < b.index) }
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
