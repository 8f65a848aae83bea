import Testing
import TrackPipe
@testable import TrackPipeStages

@Suite struct BadgeHistoryTests {
    let tenK = BadgeCatalog(uncheckedSorted: [Badge(name: "Ten", information: "", distance: 10_000, imageName: "")])
    let day = 86_400.0

    func status(_ runs: [RunSummary], catalog: BadgeCatalog? = nil) -> BadgeStatus? {
        BadgeHistory.evaluate(runs: runs, catalog: catalog ?? tenK).first
    }

    @Test func aRunExactlyAtTheDistanceEarnsNothing() {
        let s = status([RunSummary(name: "a", start: 0, distance: 10_000, movingTime: 3600)])
        #expect(s?.earned == nil)
        #expect(s?.advice() == "Run 10.0 km to earn")
        #expect(s?.advice(units: .imperial) == "Run 6.2 mi to earn")
        #expect(status([RunSummary(name: "a", start: 0, distance: 10_000.001, movingTime: 3600)])?.earned?.runName == "a")
    }

    /// By hand: the earning run, 10 100 m in 4 040 s moving and 4 040 s elapsed (2.5 m/s both ways). The later
    /// run, 10 500 m in 3 800 s moving (2.763 m/s: × 1.105, gold) but 4 600 s elapsed with its stops (2.283 m/s:
    /// slower). Compared on moving time it wins silver, gold and best; on elapsed time nothing, and best stays
    /// with the earning run.
    @Test func speedBasisChoosesTheTimeRunsAreComparedOn() {
        var earn = RunSummary(name: "earn", start: 0, distance: 10_100, movingTime: 4040, elapsedTime: 4040)
        var stops = RunSummary(name: "stops", start: day, distance: 10_500, movingTime: 3800, elapsedTime: 4600)
        let moving = status([earn, stops])
        #expect(moving?.silver?.runName == "stops" && moving?.gold?.runName == "stops" && moving?.best?.runName == "stops")
        earn.speedBasis = .elapsed
        stops.speedBasis = .elapsed
        let elapsed = status([earn, stops])
        #expect(elapsed?.silver == nil && elapsed?.gold == nil && elapsed?.best?.runName == "earn")
        #expect(stops.timeForSpeed == 4600)
        // Without an elapsed time, the elapsed basis falls back to moving time.
        let untimed = RunSummary(name: "u", start: 0, distance: 1, movingTime: 10, elapsedTime: nil)
        var u = untimed
        u.speedBasis = .elapsed
        #expect(u.timeForSpeed == 10)
    }

    @Test func exactlyOnePointOhFiveIsNotSilverAndOnePointOneIsNotGold() {
        // Earning run 10 010 m in 4 004 s = 2.5 m/s. 2.625 m/s is exactly 1.05 ×, 2.75 m/s exactly 1.10 ×.
        let earn = RunSummary(name: "earn", start: 0, distance: 10_010, movingTime: 4004)
        let atSilver = RunSummary(name: "at-silver", start: day, distance: 10_500, movingTime: 4000)
        let atGold = RunSummary(name: "at-gold", start: 2 * day, distance: 11_000, movingTime: 4000)
        let s = status([earn, atSilver, atGold])
        #expect(s?.earned?.runName == "earn")
        #expect(s?.silver?.runName == "at-gold")  // 2.75 > 2.625: silver, but not gold
        #expect(s?.gold == nil)
        #expect(status([earn, atSilver])?.silver == nil)
        // A hair faster wins.
        let faster = RunSummary(name: "faster", start: 3 * day, distance: 11_000, movingTime: 3999.9)
        #expect(status([earn, atSilver, atGold, faster])?.gold?.runName == "faster")
    }

    @Test func silverAndGoldGoToTheFirstLaterRunFastEnough() {
        let runs = [
            RunSummary(name: "earn", start: 0, distance: 10_001, movingTime: 4000.4),           // 2.5 m/s
            RunSummary(name: "short-fast", start: 1 * day, distance: 9_000, movingTime: 2000),  // does not pass
            RunSummary(name: "gold1", start: 2 * day, distance: 12_000, movingTime: 4000),      // 3.0 m/s
            RunSummary(name: "gold2", start: 3 * day, distance: 13_000, movingTime: 4000),      // 3.25 m/s
        ]
        let s = status(runs)
        #expect(s?.silver?.runName == "gold1")
        #expect(s?.gold?.runName == "gold1")
        #expect(s?.best?.runName == "gold2")
        #expect(s?.silverPaceNeeded == nil && s?.goldPaceNeeded == nil)
        #expect(s?.advice() == "Gold")
        #expect(s?.silver?.date == 2 * day)
    }

    @Test func runsAreOrderedByStartTimeNotByInputOrder() {
        let late = RunSummary(name: "late", start: 10 * day, distance: 12_000, movingTime: 4000)   // 3.0 m/s
        let early = RunSummary(name: "early", start: 1 * day, distance: 10_500, movingTime: 4200)  // 2.5 m/s
        let s = status([late, early])
        #expect(s?.earned?.runName == "early")
        #expect(s?.earned?.runIndex == 1)
        #expect(s?.silver?.runName == "late")
        #expect(s?.gold?.runName == "late")
    }

    @Test func pacesNeededForSilverAndGold() {
        // 10 010 m in 4 004 s: 0.4 s/m (6:40 /km). Silver needs 0.4 / 1.05, gold 0.4 / 1.10.
        let s = status([RunSummary(name: "earn", start: 0, distance: 10_010, movingTime: 4004)])
        #expect(abs((s?.silverPaceNeeded ?? .nan) - 0.4 / 1.05) < 1e-12)
        #expect(abs((s?.goldPaceNeeded ?? .nan) - 0.4 / 1.1) < 1e-12)
        // 400/1.05 = 380.95 s → 6:21; 400/1.1 = 363.64 s → 6:04.
        #expect(s?.advice() == "silver: faster than 6:21 /km, gold: faster than 6:04 /km")
        #expect(s?.best?.runName == "earn")
    }

    @Test func runsWithoutTimesEarnButCannotBeFastest() {
        let untimed = RunSummary(name: "untimed", start: nil, distance: 11_000, movingTime: nil)
        let s = status([untimed])
        #expect(s?.earned?.runName == "untimed")
        #expect(s?.earned?.date == nil)
        #expect(s?.best == nil && s?.silver == nil && s?.gold == nil)
        #expect(s?.silverPaceNeeded == nil)
        #expect(s?.advice() == "Earned (no time to compare against)")
        // An untimed run sorts after timed ones, so a dated run earns first.
        let dated = RunSummary(name: "dated", start: 0, distance: 10_500, movingTime: 4200)
        #expect(status([untimed, dated])?.earned?.runName == "dated")
    }

    @Test func elapsedTimeStandsInWhenThereIsNoMovingTime() {
        let run = RunSummary(name: "a", start: 0, distance: 10_010, movingTime: nil, elapsedTime: 4004)
        #expect(run.averageSpeed == 2.5)
        #expect(abs((status([run])?.silverPaceNeeded ?? .nan) - 0.4 / 1.05) < 1e-12)
    }

    @Test func zeroLengthAndNoRuns() {
        let statuses = BadgeHistory.evaluate(runs: [RunSummary(name: "z", start: 0, distance: 0, movingTime: 0)], catalog: .default)
        #expect(statuses.count == 24)
        #expect(statuses.allSatisfy { $0.earned == nil })
        #expect(statuses.first?.advice() == "Run any distance to earn")
        #expect(BadgeHistory.evaluate(runs: [], catalog: .default).allSatisfy { $0.earned == nil })
    }

    @Test func aMarathonEarnsEveryDefaultBadge() {
        let s = BadgeHistory.evaluate(runs: [RunSummary(name: "m", start: 0, distance: 42_195.5, movingTime: 14_400)], catalog: .default)
        #expect(s.allSatisfy { $0.earned?.runName == "m" })
        let exact = BadgeHistory.evaluate(runs: [RunSummary(name: "m", start: 0, distance: 42_195, movingTime: 14_400)], catalog: .default)
        #expect(exact.filter { $0.earned != nil }.count == 23)
        #expect(exact.last?.advice() == "Run 42.2 km to earn")
    }
}

@Suite struct RunSummaryTests {
    @Test func measuresTheTrackWhenThePipelineHadNoDistanceStage() throws {
        var fixes = equatorTrack(11, stepDegrees: equatorDegrees(10), interval: 4)
        fixes[5].paused = true
        let run = RunSummary(name: "r", track: Track(fixes: fixes))
        #expect(abs(run.distance - 90) < 1e-6)
        #expect(run.movingTime == 36)
        #expect(run.elapsedTime == 40)
        #expect(run.start == 1_700_000_000)
        let untimed = RunSummary(name: "u", track: Track(fixes: equatorTrack(3, stepDegrees: 0.001, interval: nil)))
        #expect(untimed.movingTime == nil && untimed.averageSpeed == nil && untimed.start == nil)
    }

    @Test func readsTheDistanceStageFiguresFromAPipelineResult() throws {
        let registry = try StageRegistry.builtIn()
        let spec = #"{"version": 1, "name": "t", "stages": [{"stage": "distance"}]}"#
        let pipeline = try Pipeline.load(Array(spec.utf8), registry: registry).get()
        let result = try pipeline.run(Track(fixes: equatorTrack(11, stepDegrees: equatorDegrees(10), interval: 4)))
        let run = RunSummary(name: "r", result: result)
        #expect(abs(run.distance - 100) < 1e-6)
        #expect(run.movingTime == 40)
        #expect(abs((run.averageSpeed ?? .nan) - 2.5) < 1e-9)
    }
}
