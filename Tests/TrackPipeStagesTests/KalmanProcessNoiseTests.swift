import Foundation
import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages
import TestSupport

/// The running default of q, measured against the reference run's ground truth (truth_2300.csv): the cleaned
/// input minus the three superman jumps (which a jump gate removes before smoothing in any real pipeline),
/// smoothed and filtered over a grid of q; error = distance from each estimate to the true position.
@Suite struct KalmanProcessNoiseTests {
    struct Evaluation: CustomStringConvertible {
        var q: Double
        var filterRMS: Double
        var smootherRMS: Double
        /// The unsmoothed fixes' RMS error (the same for every q).
        var rawRMS: Double
        var description: String {
            String(format: "q %.2f m²/s³: filter RMS %.2f m, smoother RMS %.2f m, raw %.2f m", q, filterRMS, smootherRMS, rawRMS)
        }
    }

    static func evaluate(grid: [Double]) throws -> [Evaluation] {
        let data = try KalmanReferenceData.load()
        let truth = try KalmanReferenceData.table(URL(fileURLWithPath: try TestData.kalmanReference("truth_2300.csv")))
        let rows = data.cleaned.filter { (truth[$0.row]["jump"] ?? 1) == 0 }
        let fixes = rows.map { Fix(time: $0.time, latitude: $0.latitude, longitude: $0.longitude, horizontalAccuracy: $0.accuracy, sourceIndex: $0.row) }
        let truePoints = try rows.map { r -> GeoPoint in
            let t = truth[r.row]
            return GeoPoint(latitude: try #require(t["lat"]), longitude: try #require(t["lon"]))
        }
        func rms(_ out: [Fix]) -> Double {
            (zip(out, truePoints).map { pow(Geodesy.haversine($0.point, $1), 2) }.reduce(0, +) / Double(out.count)).squareRoot()
        }
        return try grid.map { q in
            let parameters: [String: JSONValue] = ["process-noise": .number(q)]
            let smoothed = try StageHarness<KalmanSmootherStage>(parameters: parameters).run(fixes).kept
            let filtered = try StageHarness<KalmanFilterStage>(parameters: parameters).run(fixes).kept
            return Evaluation(q: q, filterRMS: rms(filtered), smootherRMS: rms(smoothed), rawRMS: rms(fixes))
        }
    }

    @Test func runningDefaultIsNearTheMeasuredBest() throws {
        let q0 = KalmanSettings.defaultProcessNoise(for: .running)
        let grid = [0.01, 0.02, 0.05, q0, 0.2, 0.5, 1, 2, 5]
        let results = try Self.evaluate(grid: grid)
        let atDefault = try #require(results.first { $0.q == q0 })
        let bestFilter = results.map(\.filterRMS).min() ?? 0
        let bestSmoother = results.map(\.smootherRMS).min() ?? 0
        // The default is the filter's best on the grid, and the smoother within 10 % of its own best.
        #expect(atDefault.filterRMS <= bestFilter, "\(results)")
        #expect(atDefault.smootherRMS <= bestSmoother * 1.1, "\(results)")
        // Smoothing (using the future) clearly beats filtering, which beats the raw fixes.
        #expect(atDefault.smootherRMS < 0.7 * atDefault.filterRMS, "\(atDefault)")
        #expect(atDefault.filterRMS < atDefault.rawRMS, "\(atDefault)")
    }
}
