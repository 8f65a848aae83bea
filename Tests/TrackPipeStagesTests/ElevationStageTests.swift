import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

/// `elevation`: spikes removed by vertical speed with recovery, ascent and descent published, live = offline; and
/// the splits' ascent, descent and grade agree with it.
@Suite struct ElevationStageTests {
    typealias H = StageHarness<ElevationStage>

    func track(_ altitudes: [Double?], interval: Double? = 1) -> [Fix] {
        equatorTrack(altitudes.count, stepDegrees: equatorDegrees(3), interval: interval, altitude: { altitudes[$0] })
    }

    @Test func aStartUpSpikeIsRemoved() throws {
        // The Fenix 2 run's first altitudes: 55, then 142.4 three times (87, 44, 29 m/s from 55), then 56.
        let out = try StageTestSupport.liveEqualsOffline(try H(), track([55, 142.4, 142.4, 142.4, 56, 56.2, 58.4, 58.4]))
        #expect(out.kept.count == 8 && out.dropped.isEmpty)
        #expect(out.kept.map(\.altitude) == [55, nil, nil, nil, 56, 56.2, 58.4, 58.4])
        #expect(out.changed.map(\.updated.sourceIndex) == [1, 2, 3])
        #expect(out.summaryValue(ElevationStage.SummaryKey.spikes) == 3)
        // 55 → 58.4 climbs 3.4 m (56 and 56.2 are within the 2 m threshold).
        #expect(abs(out.summaryValue(ElevationStage.SummaryKey.ascent)! - 3.4) < 1e-9)
        #expect(out.summaryValue(ElevationStage.SummaryKey.descent) == 0)
    }

    @Test func aLastingShiftIsAcceptedAfterRecoveryFixes() throws {
        // A wrong first altitude: with recovery-fixes 5 the 5th 100 m in a row becomes the reference.
        let out = try H().run(track([0, 100, 100, 100, 100, 100, 100]))
        #expect(out.kept.map(\.altitude) == [0, nil, nil, nil, nil, 100, 100])
        #expect(out.summaryValue(ElevationStage.SummaryKey.ascent) == 100)
    }

    @Test func withoutTimesNothingIsJudged() throws {
        let out = try H().run(track([0, 100, 0], interval: nil))
        #expect(out.changed.isEmpty)
        #expect(out.summaryValue(ElevationStage.SummaryKey.ascent) == 100 && out.summaryValue(ElevationStage.SummaryKey.descent) == 100)
    }

    /// Splits count with the same rule: their ascents and descents add up to the stage's, and each grade is the
    /// split's altitude change over its length.
    @Test func splitsAgreeWithTheStage() throws {
        // 3 m steps for 4.5 km; altitude rising 0.06 m a step for 1.5 km, falling 0.03 m a step after, with ±0.5 m wobble.
        let altitudes: [Double?] = (0..<1_500).map { i in
            let trend: Double = i < 500 ? Double(i) * 0.06 : 30 - Double(i - 500) * 0.03
            let wobble: Double = i % 2 == 0 ? 0.5 : -0.5
            return trend + wobble
        }
        let fixes = track(altitudes)
        let stage = try H().run(fixes)
        let splitsOut = try StageHarness<SplitsStage>().run(fixes)
        let splits = try #require(splitsOut.annotations[SplitsKey.self]).splits
        #expect(splits.count == 5)
        let up = splits.compactMap(\.ascent).reduce(0, +), down = splits.compactMap(\.descent).reduce(0, +)
        #expect(abs(up - stage.summaryValue(ElevationStage.SummaryKey.ascent)!) < 1e-9)
        #expect(abs(down - stage.summaryValue(ElevationStage.SummaryKey.descent)!) < 1e-9)
        for s in splits { #expect(abs(s.grade! - s.altitudeChange! / s.length) < 1e-12) }
        #expect(splits[0].grade! > 0.015 && splits[2].grade! < -0.005)
        // Without altitude, no ascent.
        let flat = try StageHarness<SplitsStage>().run(equatorTrack(400, stepDegrees: equatorDegrees(3)))
        #expect(try #require(flat.annotations[SplitsKey.self]).splits.allSatisfy { $0.ascent == nil && $0.grade == nil })
    }

    @Test func conforms() {
        let tracks: [(name: String, track: Track)] = [
            ("empty", Track()), ("spiky", Track(fixes: track([55, 142.4, 142.4, 142.4, 56, nil, 57]))),
            ("untimed", Track(fixes: track([1, 2, 3], interval: nil))),
        ]
        #expect(StageConformance.check(ElevationStage.self, on: tracks).isEmpty)
    }
}
