import Foundation
import Testing
import TrackPipe
import TrackPipeLab
import TrackPipeIO
import TrackPipeStages
import TestSupport

/// The committed simulated datasets (datasets/, made by datasets/make-datasets.sh): each reads, has 2300
/// fixes and a truth that lines up, and the default pipeline beats reading only (`raw`) on it — a lower
/// distance error and a lower position RMSE against the truth.
@Suite struct CommittedDatasetTests {
    static let names = ["open-park", "urban-canyon", "stop-and-go", "heavy-warm-up", "jumpy", "clock-fault",
                        "open-park-doppler", "urban-canyon-doppler", "stop-and-go-doppler", "heavy-warm-up-doppler"]

    func load(_ name: String) throws -> (Track, GroundTruth) {
        let path = TestData.datasets.appendingPathComponent("\(name).gpx").path
        let track = try TrackReader.read(path: path)
        return (track, try DatasetTruth.load(for: track, trackPath: path))
    }

    /// Per dataset, read from its truth CSV with Python's csv module: the true distance (max − min of
    /// `cumulative_distance_m`, m) and the number of rows whose `anomaly` is not `none`.
    static let expected: [String: (distance: Double, anomalies: Int)] = [
        "open-park": (6369.285, 20), "urban-canyon": (5470.824, 192), "stop-and-go": (5481.852, 75),
        "heavy-warm-up": (6410.797, 131), "jumpy": (6502.586, 79), "clock-fault": (6440.833, 43),
        // The -doppler variants are the same runs with speeds: the same truth.
        "open-park-doppler": (6369.285, 20), "urban-canyon-doppler": (5470.824, 192),
        "stop-and-go-doppler": (5481.852, 75), "heavy-warm-up-doppler": (6410.797, 131),
    ]

    @Test(arguments: names)
    func datasetHasItsTruth(name: String) throws {
        let (track, truth) = try load(name)
        #expect(track.fixes.count == 2300)
        #expect(track.rejected.isEmpty)
        let rows = try #require(truth.fixes)
        #expect(rows.count == 2300)
        let expected = try #require(Self.expected[name])
        let distance = (rows.map(\.cumulativeDistance).max() ?? 0) - (rows.map(\.cumulativeDistance).min() ?? 0)
        // The CSV holds millimetres; 1e-6 m allows only the last bit of the subtraction.
        #expect(abs(distance - expected.distance) < 1e-6, "\(distance) m")
        #expect(rows.filter { $0.anomaly != .none }.count == expected.anomalies)
    }

    @Test(arguments: names)
    func defaultBeatsRaw(name: String) throws {
        let (track, truth) = try load(name)
        let raw = RunScorer.score(try TestPipelines.preset("raw").run(track), truth: truth)
        let best = RunScorer.score(try TestPipelines.preset("default").run(track), truth: truth)
        let rawError = abs(try #require(raw.distanceError)), defaultError = abs(try #require(best.distanceError))
        let rawRMSE = try #require(raw.position?.rmse), defaultRMSE = try #require(best.position?.rmse)
        #expect(defaultError < rawError, "\(name): distance error default \(defaultError) m, raw \(rawError) m")
        #expect(defaultRMSE < rawRMSE, "\(name): position RMSE default \(defaultRMSE) m, raw \(rawRMSE) m")
    }

    /// Thinning leaves valid fixes out; it does not judge them. runkeeper-600 is runkeeper then `thin`, so its
    /// judged drops — and so its anomaly precision and recall — are runkeeper's, though it drops ~1700 more fixes.
    @Test(arguments: names)
    func thinningIsNotScoredAsAnomalyDetection(name: String) throws {
        let (track, truth) = try load(name)
        let runkeeper = RunScorer.score(try TestPipelines.preset("runkeeper").run(track), truth: truth)
        let thinned = RunScorer.score(try TestPipelines.preset("runkeeper-600").run(track), truth: truth)
        #expect(thinned.dropped > runkeeper.dropped + 1_000)
        #expect(thinned.anomalies == runkeeper.anomalies)
    }
}
