import Foundation
import Testing
import TrackPipe
import TrackPipeLab
import TrackPipeIO
import TrackPipeStages
import TestSupport

/// pipelines/osmand-hdop.json on the Whitchurch phone tracks, whose `<hdop>` holds OsmAnd's accuracy in metres
/// (3.2–13.9 m, per the dataset's SOURCE.txt): read as HDOP, those values become 16–70 m estimated accuracies
/// and the default's 20 m gate drops good fixes. The spec that knows the quirk keeps every fix and follows the
/// planned route more closely than the same stages with the standard gate and accuracy-scaled smoothing.
@Suite struct OsmAndSpecTests {
    static let track = TestData.root.appendingPathComponent("real/whitchurch-ride-A/tracks/xiaomi.gpx").path

    @Test func theHdopAwareSpecKeepsTheGoodFixesAndFollowsTheRoute() throws {
        var track = try TrackReader.read(path: Self.track)
        track.activity = .cycling
        let truth = try DatasetTruth.load(for: track, trackPath: Self.track,
                                          root: TestData.root.appendingPathComponent("real/whitchurch-ride-A").path)
        // Every fix's <hdop> is OsmAnd's accuracy, 3.2–13.9 m: all pass a 20 "HDOP" gate, while the estimate
        // HDOP × 5 m exceeds the default's 20 m for every value above 4.
        // (ElementTree over the file: 4062 <hdop> values from 3.2 to 13.9, 1630 of them above 4.)
        let hdops = track.fixes.compactMap(\.hdop)
        #expect(hdops.count == track.fixes.count && hdops.min() == 3.2 && hdops.max() == 13.9)
        let aboveFour = hdops.filter { $0 > 4 }.count
        #expect(aboveFour == 1630)

        let spec = try String(contentsOf: TestData.pipelines.appendingPathComponent("osmand-hdop.json"), encoding: .utf8)
        let aware = try TestPipelines.pipeline(spec, source: "osmand-hdop.json").run(track)
        // The preset's stages without its two changes: the default gate and the accuracy-scaled smoother.
        let standardSpec = spec.replacingOccurrences(of: #"{"stage": "accuracy-gate", "max-hdop": 20}"#, with: #"{"stage": "accuracy-gate"}"#)
            .replacingOccurrences(of: #"{"stage": "kalman-smoother", "sigma-source": "fixed"}"#, with: #"{"stage": "kalman-smoother"}"#)
        #expect(!standardSpec.contains(#""max-hdop": 20"#) && !standardSpec.contains(#""sigma-source""#))
        let standard = try TestPipelines.pipeline(standardSpec, source: "standard.json").run(track)
        #expect(aware.track.fixes.count == track.fixes.count)
        #expect(standard.dropped.filter { $0.rule == "max-horizontal-accuracy" }.count == aboveFour)

        let awareScore = RunScorer.score(aware, truth: truth), standardScore = RunScorer.score(standard, truth: truth)
        let awareRMSE = try #require(awareScore.crossTrack?.rmse), standardRMSE = try #require(standardScore.crossTrack?.rmse)
        #expect(awareRMSE < standardRMSE)
        #expect(abs(try #require(awareScore.distanceError)) < abs(try #require(standardScore.distanceError)))
    }
}
