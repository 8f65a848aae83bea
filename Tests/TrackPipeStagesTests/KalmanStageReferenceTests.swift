import Foundation
import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

/// The two stages, built from a spec-like parameter object expressing the reference model, against the
/// reference's smoothed and filtered lat/lon.
@Suite struct KalmanStageReferenceTests {
    /// The reference model as stage parameters (P₀ = diag(1e6, 100) as sigmas 1000 m and 10 m/s; the
    /// reference has no floor or cap, so they are set outside its 5…148 m accuracies).
    static let referenceParameters: [String: JSONValue] = [
        "process-noise": .number(0.25), "sigma-source": .string("accuracy"), "sigma-floor": .number(1),
        "sigma-cap": .number(1000), "initial-position-sigma": .number(1000), "initial-velocity-sigma": .number(10),
        "restart-after-gap": .null,
    ]

    @Test(arguments: ["rts", "banded-cholesky"])
    func smootherStageMatchesReferenceLatLon(solver: String) throws {
        let data = try KalmanReferenceData.load()
        var parameters = Self.referenceParameters
        parameters["solver"] = .string(solver)
        let harness = try StageHarness<KalmanSmootherStage>(parameters: parameters)
        let out = try harness.run(data.fixes)
        #expect(out.dropped.isEmpty)
        #expect(out.kept.count == 2293)
        #expect(out.changed.count == 2293)
        #expect(out.events.isEmpty)
        var worst = 0.0, worstAccuracy = 0.0
        for (fix, x) in zip(out.kept, data.expected) {
            #expect(Double(fix.sourceIndex) == x["src_row"])
            worst = max(worst, abs(fix.latitude - x["rts_lat"]), abs(fix.longitude - x["rts_lon"]))
            let accuracy = try #require(fix.horizontalAccuracy)
            worstAccuracy = max(worstAccuracy, abs(accuracy - ((x["rts_var_e"] + x["rts_var_n"]) / 2).squareRoot()))
        }
        #expect(worst <= 1e-7, "smoothed lat/lon off by \(worst)°")
        #expect(worstAccuracy <= 1e-6, "smoothed accuracy off by \(worstAccuracy) m")
        // The originals are kept, in order, untouched.
        #expect(out.changed.map(\.original) == data.fixes.map(FixSnapshot.init))
        #expect(out.changed.allSatisfy { $0.original.time == $0.updated.time })
    }

    @Test func filterStageMatchesReferenceForwardFilter() throws {
        let data = try KalmanReferenceData.load()
        let harness = try StageHarness<KalmanFilterStage>(parameters: Self.referenceParameters)
        let first = try #require(data.cleaned.first)
        let projection = try LocalProjection(reference: GeoPoint(latitude: first.latitude, longitude: first.longitude))
        // Live, one fix at a time: every push emits exactly its own fix, at once.
        let steps = try harness.runLive(data.fixes)
        #expect(steps.count == data.fixes.count + 1)
        var worst = 0.0
        for (k, step) in steps.dropLast().enumerated() {
            #expect(step.kept.count == 1)
            guard let fix = step.kept.first else { continue }
            let x = data.expected[k]
            let (e, n) = projection.project(fix.point)
            worst = max(worst, abs(e - x["filt_e"]), abs(n - x["filt_n"]))
        }
        #expect(worst <= 1e-6, "filtered position off by \(worst) m")
        // Offline run of the same stage gives the same fixes.
        let offline = try harness.run(data.fixes)
        #expect(offline.kept == steps.flatMap(\.kept))
    }
}
