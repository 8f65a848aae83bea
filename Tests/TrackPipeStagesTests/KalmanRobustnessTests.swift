import Foundation
import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

/// Edge cases of the Kalman stages: equal times, gaps, pauses, segments, one and two fixes, absurd
/// accuracies, the antimeridian and the poles. Expected values come from properties of the model (a
/// constant-velocity line is reproduced exactly when the velocity prior is uninformative; two measurements of
/// one instant equal one inverse-variance-weighted measurement) or from the rules themselves.
@Suite struct KalmanRobustnessTests {
    /// A noise-free constant-velocity line: `count` fixes, one per second from t = 1e9, starting at
    /// (`latitude`, `longitude`) and moving `dLat`, `dLon` degrees per second (longitude wrapped into ±180).
    static func line(count: Int, latitude: Double = 45, longitude: Double = 7, dLat: Double = 1e-5, dLon: Double = 2e-5,
                     accuracy: Double? = 5) -> [Fix] {
        (0..<count).map { k in
            var lon = longitude + Double(k) * dLon
            if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
            return Fix(time: 1e9 + Double(k), latitude: latitude + Double(k) * dLat, longitude: lon,
                       horizontalAccuracy: accuracy, sourceIndex: k)
        }
    }

    /// Parameters with an uninformative velocity prior, so a constant-velocity line is the exact MAP trajectory.
    static let lineParameters: [String: JSONValue] = ["initial-velocity-sigma": .number(1e4), "process-noise": .number(0.1)]

    static func smoother(_ extra: [String: JSONValue] = [:]) throws -> StageHarness<KalmanSmootherStage> {
        try StageHarness<KalmanSmootherStage>(parameters: lineParameters.merging(extra) { $1 })
    }

    static func filter(_ extra: [String: JSONValue] = [:]) throws -> StageHarness<KalmanFilterStage> {
        try StageHarness<KalmanFilterStage>(parameters: lineParameters.merging(extra) { $1 })
    }

    static func largestMove(_ out: StageOutput) -> Double {
        out.changed.map { Geodesy.haversine($0.original.point, $0.updated.point) }.max() ?? 0
    }

    // MARK: one and two fixes, lines

    @Test func oneFixStaysPutWithPosteriorAccuracy() throws {
        let fix = Fix(time: 1e9, latitude: 45, longitude: 7, horizontalAccuracy: 8, sourceIndex: 0)
        for out in [try Self.smoother().run([fix]), try Self.filter().run([fix])] {
            let kept = try #require(out.kept.first)
            #expect(kept.latitude == 45 && kept.longitude == 7)
            // Prior σ 1000 m and measurement σ 8 m combine to 1/√(1/1000² + 1/8²).
            let expected = 1 / (1 / 1e6 + 1 / 64.0).squareRoot()
            #expect(abs((kept.horizontalAccuracy ?? 0) - expected) < 1e-9)
            #expect(out.changed.count == 1)
        }
    }

    @Test func twoFixesAreReproduced() throws {
        let fixes = Self.line(count: 2)
        let out = try Self.smoother().run(fixes)
        #expect(out.kept.count == 2)
        #expect(Self.largestMove(out) < 1e-4)
    }

    @Test(arguments: ["rts", "banded-cholesky"])
    func constantVelocityLineIsReproduced(solver: String) throws {
        let out = try Self.smoother(["solver": .string(solver)]).run(Self.line(count: 500))
        #expect(Self.largestMove(out) < 1e-4)
        // Mid-track the smoothed accuracy is well below the 5 m measurement σ: 1.490917000739 m, the RTS
        // posterior σ of fix 250 of 500 for this model (numpy: constant velocity per axis, q 0.1 m²/s³,
        // prior σ 1000 m and 10⁴ m/s, R = 25 m²).
        #expect(abs((out.kept[250].horizontalAccuracy ?? 99) - 1.490917000739) < 1e-9)
    }

    // MARK: time

    @Test func equalTimesAreMergedAsOneWeightedMeasurement() throws {
        // A fix measured twice at t = 2 (σ 3 m and 4 m) equals one measurement at the inverse-variance mean,
        // σ = 1/√(1/9 + 1/16) = 2.4 m.
        let a = Fix(time: 1, latitude: 45, longitude: 7, horizontalAccuracy: 5, sourceIndex: 0)
        let b1 = Fix(time: 2, latitude: 45.00003, longitude: 7.00002, horizontalAccuracy: 3, sourceIndex: 1)
        let b2 = Fix(time: 2, latitude: 45.00001, longitude: 7.00006, horizontalAccuracy: 4, sourceIndex: 2)
        let c = Fix(time: 3, latitude: 45.00004, longitude: 7.00008, horizontalAccuracy: 5, sourceIndex: 3)
        let w1 = 1 / 9.0, w2 = 1 / 16.0
        let merged = Fix(time: 2, latitude: (b1.latitude * w1 + b2.latitude * w2) / (w1 + w2),
                         longitude: (b1.longitude * w1 + b2.longitude * w2) / (w1 + w2),
                         horizontalAccuracy: 1 / (w1 + w2).squareRoot(), sourceIndex: 1)
        let parameters: [String: JSONValue] = ["sigma-floor": .number(0.5)]
        for solver in ["rts", "banded-cholesky"] {
            let both = try Self.smoother(parameters.merging(["solver": .string(solver)]) { $1 }).run([a, b1, b2, c])
            let one = try Self.smoother(parameters.merging(["solver": .string(solver)]) { $1 }).run([a, merged, c])
            #expect(both.dropped.isEmpty && both.kept.count == 4)
            #expect(Geodesy.haversine(both.kept[1].point, both.kept[2].point) < 1e-6)
            #expect(Geodesy.haversine(both.kept[1].point, one.kept[1].point) < 1e-6)
            #expect(Geodesy.haversine(both.kept[3].point, one.kept[2].point) < 1e-6)
            #expect(abs((both.kept[1].horizontalAccuracy ?? 0) - (one.kept[1].horizontalAccuracy ?? 1)) < 1e-6)
        }
    }

    @Test func timeGoingBackwardsIsDroppedWithItsStep() throws {
        var fixes = Self.line(count: 5)
        fixes[3].time = 1e9 + 1.5  // earlier than fix 2 (t = 1e9 + 2)
        for out in [try Self.smoother().run(fixes), try Self.filter().run(fixes)] {
            let drop = try #require(out.dropped.first)
            #expect(out.dropped.count == 1)
            #expect(drop.sourceIndex == 3 && drop.rule == "time-not-increasing")
            #expect(drop.measured == -0.5 && drop.threshold == 0 && drop.unit == .seconds)
        }
    }

    @Test func fixWithoutTimeOrWithInvalidAccuracyIsDropped() throws {
        var fixes = Self.line(count: 5)
        fixes[1].time = nil
        fixes[2].horizontalAccuracy = -1
        fixes[3].horizontalAccuracy = .nan
        let out = try Self.smoother().run(fixes)
        #expect(out.dropped.map(\.rule) == ["no-time", "invalid-accuracy", "invalid-accuracy"])
        #expect(out.dropped[1].measured == -1 && out.dropped[1].threshold == 0 && out.dropped[1].unit == .metres)
        #expect(out.kept.map(\.sourceIndex) == [0, 4])
    }

    @Test func longGapRestartsTheFilter() throws {
        var fixes = Self.line(count: 20)
        for k in 10..<20 { fixes[k].time = (fixes[k].time ?? 0) + 120 }  // a 121 s step before fix 10
        let out = try Self.filter(["restart-after-gap": .number(60)]).run(fixes)
        let event = try #require(out.events.first)
        #expect(out.events.count == 1)
        #expect(event.kind == "kalman-restart" && event.sourceIndex == 10)
        #expect(event.fields["reason"] == .string("gap") && event.fields["gap"] == .number(121))
        // A restarted run begins at its first fix exactly.
        #expect(out.kept[10].latitude == fixes[10].latitude && out.kept[10].longitude == fixes[10].longitude)
    }

    @Test func covarianceGrowsAcrossAGapWithoutRestart() throws {
        var fixes = Self.line(count: 40)
        for k in 20..<40 { fixes[k].time = (fixes[k].time ?? 0) + 300 }
        let out = try Self.filter(["restart-after-gap": .null]).run(fixes)
        #expect(out.events.isEmpty)
        let before = try #require(out.kept[19].horizontalAccuracy), after = try #require(out.kept[20].horizontalAccuracy)
        // Before the gap 20 fixes have averaged the noise down; after 301 s of white-noise acceleration the
        // prediction is worth little and the estimate falls back to about the fix's own σ (5 m). Exact
        // posterior σ from numpy, same model as above: 2.736687076332 m at fix 19, 4.999934672266 m at fix 20.
        #expect(abs(before - 2.736687076332) < 1e-9, "\(before)")
        #expect(abs(after - 4.999934672266) < 1e-9, "\(after)")
    }

    @Test func longPauseRestartsAndSegmentChangeRestarts() throws {
        var fixes = Self.line(count: 120)
        for k in 10..<100 { fixes[k].paused = true }  // 90 s paused
        for k in 110..<120 { fixes[k].segment = 1 }
        let out = try Self.smoother(["restart-after-gap": .number(60)]).run(fixes)
        #expect(out.events.map(\.kind) == ["kalman-restart", "kalman-restart"])
        #expect(out.events.map(\.sourceIndex) == [100, 110])
        #expect(out.events.map { $0.fields["reason"] } == [.string("pause"), .string("segment")])
        #expect(out.kept.count == 120)
    }

    // MARK: accuracy

    @Test func accuracyIsClampedToFloorAndCap() throws {
        let settings = try KalmanSettings(parameters: StageParameters.with(["sigma-floor": .number(2), "sigma-cap": .number(100)], for: KalmanSmootherStage.descriptor))
        let tracker = KalmanRunTracker(settings: settings)
        func fix(_ accuracy: Double?) -> Fix { Fix(time: 0, latitude: 0, longitude: 0, horizontalAccuracy: accuracy, sourceIndex: 0) }
        #expect(tracker.variance(of: fix(0)) == 4)
        #expect(tracker.variance(of: fix(1e12)) == 10_000)
        #expect(tracker.variance(of: fix(.infinity)) == 10_000)
        #expect(tracker.variance(of: fix(nil)) == 25)  // the default sigma, 5 m
        #expect(tracker.variance(of: fix(-1)) == nil)
    }

    @Test func hugeAccuracyBarelyCountsAndZeroAccuracyDoesNotPin() throws {
        var fixes = Self.line(count: 41)
        // Fix 20 is 500 m off the line; with an absurd accuracy it barely counts (capped at 1000 m, not ignored).
        fixes[20].latitude += 0.0045
        fixes[20].horizontalAccuracy = 1e15
        let out = try Self.smoother().run(fixes)
        let onLine = Self.line(count: 41)[20]
        // The smoother is linear: the smoothed fix 20 moves by its own weight times the residual. numpy (KF +
        // RTS, σ 1000 m at fix 20, 5 m elsewhere): weight 2.4459e-6, × 500.378 m (0.0045° of latitude on the
        // 6 371 008.8 m sphere) = 1.2239 mm. 1e-4 m allows the line's own reproduction error (above).
        #expect(abs(Geodesy.haversine(out.kept[20].point, onLine.point) - 0.0012238949) < 1e-4)
        // Accuracy 0 is floored (2 m): the fix pulls, but does not pin the track to itself.
        var zero = Self.line(count: 41)
        zero[20].latitude += 0.00009  // 10 m off
        zero[20].horizontalAccuracy = 0
        let pulled = try Self.smoother().run(zero)
        // Weight at σ 2 m (numpy, as above): 0.379455067, × 10.0076 m = 3.79742 m.
        let offset = Geodesy.haversine(pulled.kept[20].point, onLine.point)
        #expect(abs(offset - 3.7974182987) < 1e-4, "\(offset)")
        #expect(pulled.kept.allSatisfy { $0.latitude.isFinite && ($0.horizontalAccuracy ?? .nan).isFinite })
    }

    @Test func floorAboveCapIsRefused() {
        #expect(throws: KalmanSettings.Problem.self) {
            _ = try StageHarness<KalmanSmootherStage>(parameters: ["sigma-floor": .number(50), "sigma-cap": .number(10)])
        }
    }

    // MARK: geography

    @Test func antimeridianCrossingIsSmoothAndWrapped() throws {
        // Fiji, eastwards across 180° at ~3.2 m/s.
        let fixes = Self.line(count: 200, latitude: -17, longitude: 179.997, dLat: 0, dLon: 3e-5)
        #expect(fixes.contains { $0.longitude < 0 } && fixes.contains { $0.longitude > 0 })
        for out in [try Self.smoother().run(fixes), try Self.filter().run(fixes)] {
            #expect(out.kept.allSatisfy { $0.longitude >= -180 && $0.longitude <= 180 })
            #expect(Self.largestMove(out) < 1e-3)
        }
    }

    @Test func nearPoleFixesPassThroughAndTheRunRestartsAfter() throws {
        // From 16 m south of 89° north over it and back, 1 m/s north then south.
        var fixes = Self.line(count: 60, latitude: 88.99985, longitude: 30, dLat: 9e-6, dLon: 0)
        for k in 30..<60 { fixes[k].latitude = fixes[29 - (k - 30)].latitude }
        // Beyond 89°: 88.99985 + 9e-6·k > 89 from k = 17 (89.000003) to the turn at 29, and back down to 42.
        let polar = fixes.indices.filter { abs(fixes[$0].latitude) > 89 }
        #expect(polar == Array(17...42))
        for out in [try Self.smoother().run(fixes), try Self.filter().run(fixes)] {
            #expect(out.kept.count == 60 && out.dropped.isEmpty)
            for k in polar { #expect(out.kept[k] == fixes[k]) }  // unchanged
            #expect(out.changed.count == 60 - polar.count)
            #expect(out.events.map(\.kind) == ["kalman-pole-pass-through", "kalman-restart"])
            #expect(out.events.last?.fields["reason"] == .string("pole"))
            #expect(out.events.last?.sourceIndex == (polar.last ?? 0) + 1)
        }
    }

    @Test func trackCloseToButBelowThePoleIsSmoothed() throws {
        let fixes = Self.line(count: 100, latitude: 88.5, longitude: 10, dLat: 1e-6, dLon: 1e-4)
        let out = try Self.smoother().run(fixes)
        #expect(out.changed.count == 100)
        #expect(Self.largestMove(out) < 1e-3)
    }

    @Test func trackInsidePolarCapPassesThroughUnchanged() throws {
        let fixes = Self.line(count: 10, latitude: 89.5, longitude: 0, dLat: 0, dLon: 0.01)
        let out = try Self.smoother().run(fixes)
        #expect(out.kept == fixes && out.changed.isEmpty)
        #expect(out.events.map(\.kind) == ["kalman-pole-pass-through"])
    }

    // MARK: solvers and failures

    @Test func solversAgreeWithGapsAndMerges() throws {
        var fixes = Self.line(count: 300, accuracy: nil)
        for k in fixes.indices {
            // Deterministic noise of a few metres, varying accuracies, a few equal times and a 30 s gap.
            fixes[k].latitude += 3e-5 * sin(Double(k) * 1.7)
            fixes[k].longitude += 4e-5 * cos(Double(k) * 2.3)
            fixes[k].horizontalAccuracy = 3 + Double(k % 7)
            if k >= 150 { fixes[k].time = (fixes[k].time ?? 0) + 30 }
            if k % 50 == 49 { fixes[k].time = fixes[k - 1].time }
        }
        let rts = try Self.smoother(["solver": .string("rts")]).run(fixes)
        let banded = try Self.smoother(["solver": .string("banded-cholesky")]).run(fixes)
        #expect(rts.kept.count == 300 && banded.kept.count == 300)
        let worst = zip(rts.kept, banded.kept).map { Geodesy.haversine($0.point, $1.point) }.max() ?? 1
        #expect(worst < 1e-6)
    }

    @Test func coreRefusesBadMeasurementsWithoutTrapping() throws {
        var core = KalmanCore(model: .reference, capacity: 3)
        core.setMeasurement(0, time: 0, east: 0, north: 0, variance: 25)
        core.setMeasurement(1, time: 1, east: .nan, north: 0, variance: 25)
        core.setMeasurement(2, time: 2, east: 0, north: 0, variance: 25)
        #expect(throws: KalmanFailure.invalidMeasurement(index: 1)) { try core.smooth(count: 3) }
        core.setMeasurement(1, time: 3, east: 0, north: 0, variance: 25)
        #expect(throws: KalmanFailure.timeNotIncreasing(index: 2, dt: -1)) { try core.smooth(count: 3) }
        core.setMeasurement(1, time: 1, east: 0, north: 0, variance: 0)
        #expect(throws: KalmanFailure.invalidMeasurement(index: 1)) { try core.filter(count: 3) }
        core.model.spectralDensity = -1
        #expect(throws: KalmanFailure.invalidModel) { try core.filter(count: 3) }
    }

    @Test(arguments: KalmanSmootherSolver.allCases)
    func aRunSmoothedInPlaceAmongOthersEqualsItSmoothedAlone(solver: KalmanSmootherSolver) throws {
        // Two runs side by side in one core (as the smoother stage stores a track); the second, smoothed in its
        // own slots, must give bit for bit what it gives loaded at the front of a core of its own.
        typealias Measurement = (time: Double, east: Double, north: Double)
        let first: [Measurement] = (0..<7).map { k in
            let x = Double(k)
            return (time: x, east: 3 * x, north: Double(k % 3))
        }
        let second: [Measurement] = (0..<9).map { k in
            let x = Double(k)
            return (time: 100 + Double(k / 2), east: -2 * x, north: 0.5 * x * x)
        }
        var shared = KalmanCore(model: .reference, capacity: first.count + second.count)
        for (k, m) in (first + second).enumerated() { shared.setMeasurement(k, time: m.time, east: m.east, north: m.north, variance: 9) }
        try shared.smooth(0..<first.count, solver: solver)
        try shared.smooth(first.count..<(first.count + second.count), solver: solver)
        var alone = KalmanCore(model: .reference, capacity: second.count)
        for (k, m) in second.enumerated() { alone.setMeasurement(k, time: m.time, east: m.east, north: m.north, variance: 9) }
        try alone.smooth(count: second.count, solver: solver)
        for k in 0..<second.count {
            #expect(shared.smoothed(first.count + k) == alone.smoothed(k))
            #expect(shared.filtered(first.count + k) == alone.filtered(k))
        }
        // The first run's slots were left as its own smoothing wrote them.
        var firstAlone = KalmanCore(model: .reference, capacity: first.count)
        for (k, m) in first.enumerated() { firstAlone.setMeasurement(k, time: m.time, east: m.east, north: m.north, variance: 9) }
        try firstAlone.smooth(count: first.count, solver: solver)
        for k in 0..<first.count { #expect(shared.smoothed(k) == firstAlone.smoothed(k)) }
        #expect(throws: KalmanFailure.invalidMeasurement(index: 16)) { try shared.smooth(10..<17, solver: solver) }
    }
}
