import Foundation
import Testing
import TrackPipe
import TrackPipeTesting
import TrackPipeIO
@testable import TrackPipeStages
import TestSupport

/// Distances on real recordings against what the recording device itself reported.
@Suite struct RealDistanceTests {
    typealias Key = DistanceStage.SummaryKey

    /// Tests/Data/real/fenix2-run-fit: a Garmin Fenix 2 run whose session says total_distance 9008.22 m
    /// (events.txt); the derived CSV is an unfiltered dump of every record. The watch smooths and gates its
    /// own distance, so raw 2D distance over every record is expected a little above it: within 0.5 %.
    @Test func fenixRawDistanceIsWithinHalfAPercentOfTheWatch() throws {
        let path = try TestData.real("fenix2-run-fit/activity-small-fenix2-run.derived.csv")
        let track = try TrackReader.read(path: path, format: nil)
        #expect(track.fixes.count == 2809)  // SOURCE.txt: 2809 records
        let out = try StageHarness<DistanceStage>().run(track.fixes)
        let distance = try #require(out.summaryValue(Key.distance))
        let watch = 9008.22
        #expect(abs(distance - watch) / watch < 0.005, "raw \(distance) m vs watch \(watch) m")
        #expect(distance > watch, "every raw record's jitter adds length; the watch's own distance is filtered")
    }

    /// The same run record by record: the watch's cumulative distance (device_distance_m column) and ours agree
    /// to within 1 % over every stretch of 1 km or more, so the formula follows the run, not just its total.
    @Test func fenixCumulativeDistanceFollowsTheWatchAlongTheRun() throws {
        let path = try TestData.real("fenix2-run-fit/activity-small-fenix2-run.derived.csv")
        let rows = try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst()
        let device = rows.map { Double($0.split(separator: ",")[5])! }
        let track = try TrackReader.read(path: path, format: nil)
        let out = try StageHarness<DistanceStage>().run(track.fixes)
        let series = try #require(out.annotations[CumulativeDistanceKey.self])
        #expect(series.values.count == device.count)
        for km in stride(from: 1000.0, through: 9000, by: 1000) {
            guard let i = device.firstIndex(where: { $0 >= km }), let ours = series.value(forSourceIndex: i) else {
                Issue.record("no record at \(km) m")
                continue
            }
            #expect(abs(ours - device[i]) / device[i] < 0.01, "at record \(i): ours \(ours) m, watch \(device[i]) m")
        }
    }
}
