import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

@Suite struct BadgesStageTests {
    func catalog(_ distances: [Double]) throws -> BadgeCatalog {
        try BadgeCatalog(badges: distances.map { Badge(name: "B\(Int($0))", information: "", distance: $0, imageName: "b\(Int($0))") })
    }

    func run(_ fixes: [Fix], catalog: BadgeCatalog = .default) throws -> StageOutput {
        try StageHarness(BadgesStage(catalog: catalog)).run(fixes)
    }

    @Test func checkpointPositionAndTimeOnAStraightTrackAreTheClosedForm() throws {
        // 7 m steps every 2 s (3.5 m/s) along the equator; badges at 1000 and 2500 m fall between fixes.
        let fixes = equatorTrack(400, stepDegrees: equatorDegrees(7), interval: 2)
        let out = try run(fixes, catalog: catalog([1000, 2500]))
        let report = try #require(out.annotations[BadgesKey.self])
        #expect(report.checkpoints.count == 2)
        for (checkpoint, d) in zip(report.checkpoints, [1000.0, 2500]) {
            let c = checkpoint.crossing
            // The point d metres east of (0, 0) on the equator is at longitude d / (a·π/180), reached at d / 3.5 s.
            #expect(abs(c.point.longitude - d / metresPerEquatorDegree) < 1e-10)  // ~10 µm
            #expect(c.point.latitude == 0)
            #expect(abs((c.time ?? .nan) - (1_700_000_000 + d / 3.5)) < 1e-6)
            #expect(abs(c.movingTime - d / 3.5) < 1e-6)
            #expect(abs((checkpoint.stretchPace ?? .nan) - 1 / 3.5) < 1e-9)
        }
        #expect(report.checkpoints[1].stretchStartDistance == 1000)
        #expect(abs(report.checkpoints[1].stretchMovingTime - 1500 / 3.5) < 1e-6)
        // The crossing lies between the fixes either side: 1000 / 7 = 142.86 steps.
        #expect(report.checkpoints[0].crossing.fromSourceIndex == 142)
        #expect(report.checkpoints[0].crossing.toSourceIndex == 143)
        #expect(out.events.filter { $0.kind == "badge-earned" }.map(\.sourceIndex) == [143, 358])
        #expect(report.next == nil && report.remaining == nil)
        #expect(report.best?.distance == 2500)
    }

    @Test func paceOfEachStretchIsItsOwn() throws {
        // 1000 m at 4 m/s then 1000 m at 2.5 m/s.
        var fixes: [Fix] = []
        var lon = 0.0, t = 0.0
        for i in 0...300 {
            fixes.append(Fix(time: t, latitude: 0, longitude: lon, sourceIndex: i))
            let v = i < 100 ? 4.0 : 2.5
            lon += equatorDegrees(10)
            t += 10 / v
        }
        let report = try #require(try run(fixes, catalog: catalog([1000, 2000])).annotations[BadgesKey.self])
        #expect(abs((report.checkpoints[0].stretchPace ?? .nan) - 0.25) < 1e-9)
        #expect(abs((report.checkpoints[1].stretchPace ?? .nan) - 0.4) < 1e-9)
    }

    @Test func aMarathonEarnsTheWholeDefaultCatalog() throws {
        // 42 200 m: 4 220 steps of 10 m at 3 m/s.
        let fixes = equatorTrack(4221, stepDegrees: equatorDegrees(10), interval: 10.0 / 3)
        let out = try run(fixes)
        let report = try #require(out.annotations[BadgesKey.self])
        #expect(report.checkpoints.map(\.badge) == BadgeCatalog.default.badges)
        #expect(report.best?.name == "Pluto")
        #expect(report.next == nil)
        #expect(out.summaryValue(BadgesStage.SummaryKey.earned) == 24)
        #expect(out.summaryValue(BadgesStage.SummaryKey.nextDistance) == nil)
        let marathon = try #require(report.checkpoints.last)
        #expect(abs(marathon.crossing.point.longitude - 42_195 / metresPerEquatorDegree) < 1e-9)
        #expect(abs(marathon.crossing.movingTime - 42_195 / 3) < 1e-5)
    }

    @Test func aRunJustShortOfTheMarathonEarnsAllButPluto() throws {
        // 42 190 m.
        let fixes = equatorTrack(4220, stepDegrees: equatorDegrees(10), interval: 10.0 / 3) + [
            Fix(time: 1_800_000_000, latitude: 0, longitude: equatorDegrees(42_190), sourceIndex: 4220)]
        let report = try #require(try run(fixes).annotations[BadgesKey.self])
        #expect(report.checkpoints.count == 23)
        #expect(report.next?.name == "Pluto")
        #expect(abs((report.remaining ?? .nan) - 5) < 1e-6)
    }

    @Test(arguments: [0, 1, 4])
    func aZeroLengthRunEarnsNothingNotEvenTheZeroBadge(_ n: Int) throws {
        let out = try run(equatorTrack(n, stepDegrees: 0))
        let report = try #require(out.annotations[BadgesKey.self])
        #expect(report.checkpoints.isEmpty)
        #expect(report.best == nil)
        #expect(report.next?.distance == 0)
        #expect(report.remaining == 0)
        #expect(out.events.isEmpty)
    }

    @Test func theZeroBadgeIsEarnedAtTheStart() throws {
        let report = try #require(try run(equatorTrack(3, stepDegrees: equatorDegrees(5))).annotations[BadgesKey.self])
        let first = try #require(report.checkpoints.first)
        #expect(first.badge.name == "Mercury")
        #expect(first.crossing.point.longitude == 0)
        #expect(first.stretchPace == nil)
        #expect(report.next?.name == "Venus")
        #expect(abs((report.remaining ?? .nan) - 990) < 1e-6)
    }

    @Test func aRunWithoutTimesHasCheckpointsWithoutTimes() throws {
        let report = try #require(try run(equatorTrack(200, stepDegrees: equatorDegrees(10), interval: nil), catalog: catalog([1000])).annotations[BadgesKey.self])
        let c = try #require(report.checkpoints.first)
        #expect(c.crossing.time == nil)
        #expect(c.stretchPace == nil)
        #expect(abs(c.crossing.point.longitude - 1000 / metresPerEquatorDegree) < 1e-10)
    }

    @Test func theGapAcrossASegmentBreakEarnsNothing() throws {
        var fixes = equatorTrack(20, stepDegrees: equatorDegrees(50))  // 950 m in segment 0
        fixes.append(Fix(time: 1_700_000_100, latitude: 0, longitude: 0.5, segment: 1, sourceIndex: 20))  // far away
        let report = try #require(try run(fixes, catalog: catalog([1000])).annotations[BadgesKey.self])
        #expect(report.checkpoints.isEmpty)
        #expect(abs(report.distance - 950) < 1e-6)
    }

    @Test func liveStatusEveryHundredMetresAndOnEachBadge() throws {
        // 26 m steps (no fix exactly on a multiple of 100 m): 520 m in 21 fixes; badges at 0 and 240 m.
        let steps = try StageHarness(BadgesStage(catalog: catalog([0, 240]))).runLive(equatorTrack(21, stepDegrees: equatorDegrees(26)))
        let events = steps.flatMap(\.events)
        let status = events.filter { $0.kind == "badge-status" }
        let earned = events.filter { $0.kind == "badge-earned" }
        #expect(earned.map(\.sourceIndex) == [1, 10])
        // First fix, badge at fix 1, each 100 m (fixes 4, 8, 12, 16, 20), badge at fix 10, and the end.
        #expect(status.map(\.sourceIndex) == [0, 1, 4, 8, 10, 12, 16, 20, 20])
        #expect(status[0].fields["next"] == .string("B0"))
        #expect(status[2].fields["next"] == .string("B240"))
        if case .number(let r)? = status[2].fields["remaining"] { #expect(abs(r - 136) < 1e-6) } else { Issue.record("no remaining") }
        #expect(status.last?.fields["next"] == nil)
        // Offline: the same badges, no status events.
        let offline = try run(equatorTrack(21, stepDegrees: equatorDegrees(26)), catalog: catalog([0, 240]))
        #expect(offline.events.map(\.kind) == ["badge-earned", "badge-earned"])
        #expect(offline.events.map(\.sourceIndex) == earned.map(\.sourceIndex))
    }

    @Test func registryBuildsTheStageWithTheDefaultCatalog() throws {
        let registry = try StageRegistry.builtIn()
        let stage = try registry.makeStage(named: "badges", parameters: [:], path: "$").get()
        #expect((stage as? BadgesStage)?.catalog == .default)
    }
}
