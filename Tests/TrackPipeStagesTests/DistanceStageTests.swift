import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

@Suite struct DistanceStageTests {
    typealias Key = DistanceStage.SummaryKey

    @Test func measuresAStraightRunAlongTheEquator() throws {
        let out = try StageHarness<DistanceStage>().run(equatorTrack(11, stepDegrees: 0.001))
        let expected = 10 * 0.001 * metresPerEquatorDegree
        #expect(out.kept.count == 11)
        #expect(abs((out.summaryValue(Key.distance) ?? .nan) - expected) < 1e-6)
        #expect(out.summaryValue(Key.elapsedTime) == 10)
        #expect(out.summaryValue(Key.movingTime) == 10)
        #expect(abs((out.summaryValue(Key.averageSpeed) ?? .nan) - expected / 10) < 1e-9)
        #expect(abs((out.summaryValue(Key.averagePace) ?? .nan) - 10 / expected) < 1e-12)
        let series = out.annotations[CumulativeDistanceKey.self]
        #expect(series?.sourceIndices == Array(0..<11))
        #expect(abs((series?.values.last ?? .nan) - expected) < 1e-6)
        #expect(abs((series?.value(forSourceIndex: 5) ?? .nan) - 5 * 0.001 * metresPerEquatorDegree) < 1e-6)
        #expect(out.annotations[DistanceMethodKey.self]?.formula == .local)
    }

    /// Live the stage keeps no per-fix series (nothing reads a live pipeline's annotations, and it grew with the
    /// run for as long as a stream ran); the same distance, offline with the series.
    @Test func liveKeepsNoPerFixSeries() throws {
        let fixes = equatorTrack(11, stepDegrees: 0.001)
        func finished(live: Bool) throws -> StageOutput {
            var processor = try StageHarness<DistanceStage>().stage.makeProcessor(context: StageContext(label: "distance", isLive: live))
            var out = StageEmitter(label: "distance")
            for fix in fixes { try processor.push(fix, into: &out) }
            try processor.finish(into: &out)
            return out.output
        }
        let live = try finished(live: true), offline = try finished(live: false)
        #expect(live.annotations[CumulativeDistanceKey.self] == nil)
        #expect(offline.annotations[CumulativeDistanceKey.self]?.sourceIndices == Array(0..<11))
        #expect(live.summaryValue(Key.distance) == offline.summaryValue(Key.distance))
    }

    @Test func formulaParameterIsHonoured() throws {
        let out = try StageHarness<DistanceStage>(parameters: ["formula": .string("haversine")]).run(equatorTrack(11, stepDegrees: 0.001))
        // On the mean-radius sphere a degree of the equator is R·π/180.
        #expect(abs((out.summaryValue(Key.distance) ?? .nan) - 0.01 * Geodesy.meanEarthRadius * .pi / 180) < 1e-6)
        #expect(out.annotations[DistanceMethodKey.self]?.formula == .haversine)
        // Vincenty along the equator is a·Δλ too.
        let v = try StageHarness<DistanceStage>(parameters: ["formula": .string("vincenty")]).run(equatorTrack(11, stepDegrees: 0.001))
        #expect(abs((v.summaryValue(Key.distance) ?? .nan) - 0.01 * metresPerEquatorDegree) < 1e-3)
    }

    @Test func segmentBreakIsNeitherDistanceNorMovingTime() throws {
        var fixes = equatorTrack(10, stepDegrees: 0.001)
        for i in 5..<10 {
            fixes[i].segment = 1
            fixes[i].longitude += 0.5  // a jump across the break that must not count
            fixes[i].time = (fixes[i].time ?? 0) + 95
        }
        let out = try StageHarness<DistanceStage>().run(fixes)
        #expect(abs((out.summaryValue(Key.distance) ?? .nan) - 8 * 0.001 * metresPerEquatorDegree) < 1e-6)
        #expect(out.summaryValue(Key.movingTime) == 8)
        #expect(out.summaryValue(Key.elapsedTime) == 104)
    }

    @Test func pausedFixesAddNoDistanceNorMovingTime() throws {
        var fixes = equatorTrack(10, stepDegrees: 0.001)
        fixes[5].paused = true
        fixes[6].paused = true
        let out = try StageHarness<DistanceStage>().run(fixes)
        #expect(abs((out.summaryValue(Key.distance) ?? .nan) - 7 * 0.001 * metresPerEquatorDegree) < 1e-6)
        #expect(out.summaryValue(Key.movingTime) == 7)
        #expect(out.summaryValue(Key.elapsedTime) == 9)
    }

    @Test func aTrackWithoutTimesHasADistanceButNoTimeFigures() throws {
        let out = try StageHarness<DistanceStage>().run(equatorTrack(5, stepDegrees: 0.001, interval: nil))
        #expect(abs((out.summaryValue(Key.distance) ?? .nan) - 0.004 * metresPerEquatorDegree) < 1e-6)
        for key in [Key.elapsedTime, Key.movingTime, Key.averageSpeed, Key.averagePace, Key.maxSpeed] {
            #expect(out.summaryValue(key) == nil, "\(key)")
        }
    }

    @Test(arguments: [0, 1, 5])
    func zeroLengthRunsGiveZeroAndNoPace(_ n: Int) throws {
        let out = try StageHarness<DistanceStage>().run(equatorTrack(n, stepDegrees: 0))
        #expect(out.summaryValue(Key.distance) == 0)
        #expect(out.summaryValue(Key.averagePace) == nil)
        #expect(out.summaryValue(Key.averageSpeed) == nil)
        #expect(out.summary.allSatisfy { $0.value.isFinite })
    }

    @Test func maximumSpeedIgnoresAGPSJump() throws {
        // 3.34 m/s for 600 s, with one fix thrown ~55 m north and back.
        let step = 0.00003
        var fixes = equatorTrack(601, stepDegrees: step)
        fixes[300].latitude = 0.0005
        let out = try StageHarness<DistanceStage>().run(fixes)
        let speed = step * metresPerEquatorDegree
        // The plain maximum of fix-to-fix speeds would be ~55 m/s.
        #expect(abs((out.summaryValue(Key.maxSpeed) ?? .nan) - speed) < 1e-6)
        // With the percentile at 100 (the windowed maximum), the jump shows: the 10 s window holding both
        // jump steps, (2 × 55.3879088 m + 8 × 3.3395847 m) / 10 s = 13.7492495 m/s (numpy, WGS84 radii at the
        // steps' mid-latitudes).
        let raw = try StageHarness<DistanceStage>(parameters: ["max-speed-percentile": .number(100)]).run(fixes)
        #expect(abs((raw.summaryValue(Key.maxSpeed) ?? 0) - 13.749249545) < 1e-8, "\(raw.summaryValue(Key.maxSpeed) ?? .nan)")
    }

    @Test func maximumSpeedSeesASustainedSprint() throws {
        // 300 s at 3 m/s then 100 s at 6 m/s: the sprint is 25 % of the windows, above the 5 % the percentile drops.
        var fixes: [Fix] = []
        var lon = 0.0
        for i in 0...400 {
            fixes.append(Fix(time: Double(i), latitude: 0, longitude: lon, sourceIndex: i))
            lon += equatorDegrees(i < 300 ? 3 : 6)
        }
        let out = try StageHarness<DistanceStage>().run(fixes)
        #expect(abs((out.summaryValue(Key.maxSpeed) ?? .nan) - 6) < 1e-6)
    }

    @Test func liveSummaryGrowsFixByFix() throws {
        let stage = DistanceStage()
        var processor = try stage.makeProcessor(context: StageContext(label: "distance", isLive: true))
        var out = StageEmitter(label: "distance")
        for (i, fix) in equatorTrack(4, stepDegrees: 0.001).enumerated() {
            try processor.push(fix, into: &out)
            let d = out.output.summary.first { $0.key == Key.distance }?.value
            #expect(abs((d ?? .nan) - Double(i) * 0.001 * metresPerEquatorDegree) < 1e-6)
            #expect(out.drain().kept == [fix])
        }
    }
}
