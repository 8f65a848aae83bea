import Foundation
import Testing
import TrackPipe
@testable import TrackPipeLab

/// Scoring on hand-made cases, every figure worked out by hand.
@Suite struct RunScorerTests {
    @Test func errorStatisticsByHand() throws {
        // 1…10: RMSE = √(385/10) = √38.5; nearest-rank p95 = the ⌈9.5⌉ = 10th value; max 10.
        let s = try #require(ErrorStatistics((1...10).map(Double.init)))
        #expect(abs(s.rmse - 38.5.squareRoot()) < 1e-12)
        #expect(s.p95 == 10)
        #expect(s.max == 10)
        // 1…20: p95 = the 19th value.
        #expect(ErrorStatistics((1...20).map(Double.init).reversed())?.p95 == 19)
        #expect(ErrorStatistics([]) == nil)
    }

    @Test func intervalOverlapByHand() {
        // Predicted [0,10] and [20,30] against actual [5,25]: 5 + 5 s shared, 20 s predicted, 20 s actual.
        let pr = RunScorer.overlap(predicted: [TimeSpan(start: 0, end: 10), TimeSpan(start: 20, end: 30)],
                                   actual: [TimeSpan(start: 5, end: 25)])
        #expect(pr.correct == 10 && pr.predicted == 20 && pr.actual == 20)
        #expect(pr.precision == 0.5 && pr.recall == 0.5)
        #expect(RunScorer.overlap(predicted: [], actual: []).precision == nil)
    }

    /// The line error by hand: a straight path north, kept 3 m east of it, is 3 m from every true position however
    /// few fixes are kept; an L whose corner fix is thinned away is 100/√2 m from the corner (the hypotenuse of the
    /// right isosceles triangle with 100 m legs), and a segment break draws no line.
    @Test func lineErrorByHand() throws {
        func truth(_ points: [GeoPoint]) -> [FixTruth] {
            points.enumerated().map { i, p in
                FixTruth(sourceIndex: i, time: Double(i), trueTime: Double(i), latitude: p.latitude, longitude: p.longitude,
                         cumulativeDistance: 0, moving: true, anomaly: .none)
            }
        }
        func fixes(_ points: [GeoPoint], keep: [Int]) -> [Fix] {
            keep.map { Fix(time: Double($0), latitude: points[$0].latitude, longitude: points[$0].longitude, sourceIndex: $0) }
        }
        let path = (0...20).map { Self.north(Double($0) * 10) }
        let offset = (0...20).map { Self.north(Double($0) * 10, east: 3) }
        for keep in [Array(0...20), [0, 5, 10, 15, 20], [0, 20]] {
            let e = try #require(RunScorer.lineError(fixes(offset, keep: keep), truth: truth(path)))
            #expect(abs(e.max - 3) < 1e-6 && abs(e.rmse - 3) < 1e-6, "kept \(keep)")
        }
        let l = (0...10).map { Self.north(Double($0) * 10) } + (1...10).map { Self.north(100, east: Double($0) * 10) }
        let cut = try #require(RunScorer.lineError(fixes(l, keep: [0, 20]), truth: truth(l)))
        #expect(abs(cut.max - 100 / 2.0.squareRoot()) < 1e-6)
        var broken = fixes(path, keep: [0, 10, 20])
        broken[2].segment = 1  // no line from 100 m to 200 m: the true position at 150 m is 50 m from the nearest end
        #expect(abs(try #require(RunScorer.lineError(broken, truth: truth(path))).max - 50) < 1e-6)
    }

    /// A point `north` metres north of (51°, 0°) on the mean-radius sphere (what LocalProjection uses).
    static func north(_ metres: Double, east: Double = 0) -> GeoPoint {
        let p = try! LocalProjection(reference: GeoPoint(latitude: 51, longitude: 0))
        return p.unproject(east: east, north: metres)
    }

    /// Six fixes, 10 m apart northward at 1 s; the truth is on the line, the kept fixes are off it east.
    static func case1() -> (PipelineResult, GroundTruth) {
        let anomalies: [AnomalyKind] = [.none, .none, .jump, .none, .cellFix, .none]
        let moving = [true, true, true, false, false, true]
        let truth = (0..<6).map { i in
            let p = north(Double(i) * 10)
            return FixTruth(sourceIndex: i, time: Double(100 + i), trueTime: Double(100 + i), latitude: p.latitude,
                            longitude: p.longitude, cumulativeDistance: Double(i) * 10, moving: moving[i], anomaly: anomalies[i])
        }
        // Kept: 0 (3 m off), 1 (4 m off), 4 (12 m off), 5 (0 m off). Dropped: 2 (the jump) and 3 (ordinary).
        let offsets: [Int: Double] = [0: 3, 1: 4, 4: 12, 5: 0]
        let kept = [0, 1, 4, 5].map { i -> Fix in
            let p = north(Double(i) * 10, east: offsets[i]!)
            return Fix(time: Double(100 + i), latitude: p.latitude, longitude: p.longitude, sourceIndex: i)
        }
        let dropped = [2, 3].map { i in Drop(fix: Fix(time: Double(100 + i), latitude: 0, longitude: 0, sourceIndex: i), stage: "gate", rule: "r\(i)") }
        var annotations = Annotations()
        // A pause from fix 3 to fix 4 (true time 103…104); the truth's stop is fixes 3–4 too.
        annotations[PauseIntervalsKey.self] = [PauseInterval(start: 103, end: 104, firstSourceIndex: 3, lastSourceIndex: 4)]
        var input = Track(fixes: [])
        input.fixes = truth.map { Fix(time: $0.time, latitude: $0.latitude, longitude: $0.longitude, sourceIndex: $0.sourceIndex) }
        let result = PipelineResult(
            provenance: Provenance(pipelineName: "hand", canonicalSpec: "{}", trackpipeVersion: "t"), input: InputSummary(input),
            track: Track(fixes: kept), dropped: dropped, changed: [], annotations: annotations,
            summary: [SummaryItem(key: "distance", label: "Distance", value: 55, unit: .metres, stage: "distance"),
                      SummaryItem(key: "moving-time", label: "Moving time", value: 4, unit: .seconds, stage: "distance")],
            events: [],
            stages: [StageReport(label: "gate", stage: "gate", fixesIn: 6, fixesOut: 4, dropped: 2, changed: 0,
                                 dropsByRule: ["r2": 1, "r3": 1], wallTime: 0.25)])
        return (result, GroundTruth(fixes: truth))
    }

    @Test func perFixScoreByHand() throws {
        let (result, truth) = Self.case1()
        let s = RunScorer.score(result, truth: truth)
        #expect(s.records == 6 && s.kept == 4 && s.dropped == 2)
        #expect(s.dropsByRule == ["gate/r2": 1, "gate/r3": 1])
        // Distance: measured 55 m against 50 m true (0 → 50 m) → +5 m, +10 %.
        #expect(s.trueDistance == 50)
        #expect(s.distanceError == 5)
        #expect(abs((s.distanceErrorPercent ?? 0) - 10) < 1e-9)
        // Position errors 3, 4, 12, 0 m east: RMSE = √((9 + 16 + 144 + 0)/4) = √42.25 = 6.5; p95 = the 4th = 12.
        // The offsets were laid out on the sphere (LocalProjection about 51°: Δλ = e/(R cos 51°), R = 6 371 008.8 m)
        // and are measured on the ellipsoid (Geodesy), where that Δλ at latitude φ is N(φ)·cos φ·Δλ (numpy,
        // WGS84): 3.0094464717, 4.0125875387, 12.0376928035 m → RMSE 6.5204232005 m; p95 = max.
        let pos = try #require(s.position)
        #expect(pos.count == 4)
        #expect(abs(pos.rmse - 6.5204232005) < 1e-9, "\(pos.rmse)")
        #expect(abs(pos.p95 - 12.0376928035) < 1e-9 && pos.max == pos.p95, "\(pos.p95)")
        // True moving time: steps into moving fixes 1, 2, 5 → 3 s; reported 4 s.
        #expect(s.trueMovingTime == 3)
        #expect(s.movingTime == 4)
        // Pause [103, 104] against the stop [103, 104]: precision = recall = 1.
        #expect(s.pauses?.precision == 1 && s.pauses?.recall == 1)
        // Anomalies: dropped {2 (jump), 3 (ordinary)}. jump: 1 correct, 1 + 1 predicted, 1 actual.
        #expect(s.anomalies["jump"] == PrecisionRecall(correct: 1, predicted: 2, actual: 1))
        // cell-fix: fix 4 kept → 0 correct, 0 + 1 predicted, 1 actual.
        #expect(s.anomalies["cell-fix"] == PrecisionRecall(correct: 0, predicted: 1, actual: 1))
        // any: 1 of 2 dropped are anomalies; 1 of 2 anomalies dropped.
        #expect(s.anomalies["any"]?.precision == 0.5 && s.anomalies["any"]?.recall == 0.5)
        #expect(s.anomalies["warm-up"] == nil)  // no warm-up in the truth: not scored
        #expect(s.runtime == 0.25)
        #expect(s.skipped.isEmpty)
    }

    /// How far the pipeline moved the kept fixes, without truth: fix 0 moved 3 m east by one stage and 4 m more by
    /// another (7 m from where it was recorded: the first change's original), fix 1 never moved (0 m), a made fix
    /// (resampling, index above every record) left out. Laid out on the sphere at 51° and measured on the ellipsoid,
    /// 7 m east is 7 × 1.0031488239 = 7.0220417673 m (the factor of `perFixScoreByHand`); RMS = that ÷ √2.
    @Test func movedByHand() throws {
        let recorded = [Fix(time: 0, latitude: Self.north(0).latitude, longitude: Self.north(0).longitude, sourceIndex: 0),
                        Fix(time: 1, latitude: Self.north(10).latitude, longitude: Self.north(10).longitude, sourceIndex: 1)]
        func at(_ fix: Fix, east: Double) -> Fix {
            var f = fix
            let p = Self.north(0, east: east)
            f.latitude = p.latitude
            f.longitude = p.longitude
            return f
        }
        let once = at(recorded[0], east: 3), twice = at(recorded[0], east: 7)
        var made = recorded[1]
        made.sourceIndex = 1000
        let result = PipelineResult(
            provenance: Provenance(pipelineName: "hand", canonicalSpec: "{}", trackpipeVersion: "t"),
            input: InputSummary(Track(fixes: recorded)), track: Track(fixes: [twice, recorded[1], made]), dropped: [],
            changed: [FixChange(original: recorded[0], updated: once, stage: "a"), FixChange(original: once, updated: twice, stage: "b")],
            annotations: Annotations(), summary: [], events: [], stages: [])
        var withMade = result
        withMade.made = [MadeFix(sourceIndex: 1000, from: 1, to: 1)]
        let moved = try #require(RunScorer.moved(withMade))
        #expect(moved.count == 2)
        #expect(abs(moved.max - 7.0220417673) < 1e-6, "\(moved.max)")
        #expect(abs(moved.rmse - 7.0220417673 / 2.0.squareRoot()) < 1e-6, "\(moved.rmse)")
        // Without the made fix declared, it counts as a fix no stage moved: three fixes.
        #expect(RunScorer.moved(result)?.count == 3)
        // Scored with no truth at all.
        #expect(RunScorer.score(withMade, truth: GroundTruth()).moved == moved)
    }

    @Test func routeOnlyScoresCrossTrackAndSaysWhatItSkipped() throws {
        let (result, _) = Self.case1()
        // The route: the line through the true positions (straight north, 50 m); kept fixes lie 3, 4, 12, 0 m east.
        let truth = GroundTruth(route: [Self.north(-10), Self.north(60)])
        let s = RunScorer.score(result, truth: truth)
        #expect(s.truth == "route")
        let xt = try #require(s.crossTrack)
        // Cross-track is measured in a plane about the route's first point (latitude r = 51° − 10 m): each offset
        // e comes back as e·cos r / cos 51° (numpy): RMSE 6.5000125990 m, p95 12.0000232597 m.
        #expect(abs(xt.rmse - 6.5000125990) < 1e-9, "\(xt.rmse)")
        #expect(abs(xt.p95 - 12.0000232597) < 1e-9, "\(xt.p95)")
        #expect(s.position == nil && s.pauses == nil && s.anomalies.isEmpty)
        #expect(s.skipped.contains { $0.contains("position error") })
        // True distance falls back to the route's length: 70 m on the sphere, on the ellipsoid the meridian
        // arc over those latitudes, 70.033491318 m (numpy: ∫ M dφ).
        #expect(abs((s.trueDistance ?? 0) - 70.033491318) < 1e-6, "\(s.trueDistance ?? .nan)")
        #expect(s.notes.contains { $0.contains("route") })
        // A known distance wins over the route's length.
        let withDistance = RunScorer.score(result, truth: GroundTruth(route: truth.route, knownDistance: 50))
        #expect(withDistance.distanceError == 5)
        #expect(withDistance.truth == "route+distance")
        // No truth at all: nothing but counts, and it says so.
        let none = RunScorer.score(result, truth: GroundTruth())
        #expect(none.distanceError == nil && none.crossTrack == nil)
        #expect(none.skipped.contains { $0.contains("distance error") })
    }

    /// Without per-fix truth, auto-pause is scored against the device's timer pauses, by seconds of overlap in
    /// the track's own clock: predicted 100…160 (60 s) and 300…310 (10 s); the device paused 130…200 (70 s) and
    /// 400…420 (20 s). Overlap 30 s → precision 30/70, recall 30/90.
    @Test func pausesScoreAgainstTheDeviceTimerWithoutPerFixTruth() throws {
        var (result, _) = Self.case1()
        result.annotations[PauseIntervalsKey.self] = [
            PauseInterval(start: 100, end: 160, firstSourceIndex: 0, lastSourceIndex: 1),
            PauseInterval(start: 300, end: 310, firstSourceIndex: 4, lastSourceIndex: 5),
        ]
        let truth = GroundTruth(pauses: [TimeSpan(start: 130, end: 200), TimeSpan(start: 400, end: 420)], sources: ["run.fit"])
        #expect(truth.kind == "device-pauses")
        let s = RunScorer.score(result, truth: truth)
        let pauses = try #require(s.pauses)
        #expect(pauses.correct == 30 && pauses.predicted == 70 && pauses.actual == 90)
        #expect(s.skipped.contains("position error, moving time, anomalies: no per-fix truth"))
        // A device whose timer ran throughout: every predicted pause is a false one.
        let none = RunScorer.score(result, truth: GroundTruth(pauses: []))
        #expect(none.pauses?.precision == 0 && none.pauses?.recall == nil)
        // A file that cannot say (nil) scores no pauses.
        #expect(RunScorer.score(result, truth: GroundTruth(knownDistance: 50)).pauses == nil)
    }

    /// A made fix (resampling) has no truth row: the truth at its time is interpolated between the rows around it
    /// (by recorded time), and none across a gap of more than 10 s or outside the rows.
    @Test func madeFixesAreScoredAgainstTheTruthAtTheirTime() throws {
        func row(_ i: Int, _ t: Double, _ lat: Double) -> FixTruth {
            FixTruth(sourceIndex: i, time: t, trueTime: t, latitude: lat, longitude: 0, cumulativeDistance: 0, moving: true, anomaly: .none)
        }
        let rows = [row(0, 0, 0), row(1, 2, 0.0002), row(2, 30, 0.0004)]
        let halfway = try #require(RunScorer.interpolatedTruth(rows, at: 0.5))
        #expect(abs(halfway.latitude - 0.00005) < 1e-15 && halfway.longitude == 0)
        #expect(RunScorer.interpolatedTruth(rows, at: 2)?.latitude == 0.0002)
        #expect(RunScorer.interpolatedTruth(rows, at: 10) == nil)   // in the 28-s gap
        #expect(RunScorer.interpolatedTruth(rows, at: -1) == nil && RunScorer.interpolatedTruth(rows, at: 31) == nil)
    }

    /// Made fixes (resampling) have indices above every record; the line error still finds each true position's
    /// neighbours among them, by the fix each was made from. An L of 41 true positions (100 m north, then 100 m
    /// east) kept as its two ends and a made fix on each position between, made from the record there: every true
    /// position lies on the drawn line (ordered by index, the made fixes came after the last record and the north
    /// leg was measured against the east one).
    @Test func lineErrorPlacesMadeFixesByWhereTheyWereMadeFrom() throws {
        let points = (0...40).map { k in k <= 20 ? Self.north(Double(k) * 5) : Self.north(100, east: Double(k - 20) * 5) }
        let rows = points.enumerated().map { i, p in
            FixTruth(sourceIndex: i, time: Double(i), trueTime: Double(i), latitude: p.latitude, longitude: p.longitude,
                     cumulativeDistance: 0, moving: true, anomaly: .none)
        }
        var kept = [Fix(time: 0, latitude: points[0].latitude, longitude: points[0].longitude, sourceIndex: 0)]
        var made: [MadeFix] = []
        for k in 1...39 {
            kept.append(Fix(time: Double(k), latitude: points[k].latitude, longitude: points[k].longitude, sourceIndex: (1 << 40) + k))
            made.append(MadeFix(sourceIndex: (1 << 40) + k, from: k, to: k + 1))
        }
        kept.append(Fix(time: 40, latitude: points[40].latitude, longitude: points[40].longitude, sourceIndex: 40))
        let e = try #require(RunScorer.lineError(kept, truth: rows, made: made))
        #expect(e.max < 1e-6, "max \(e.max) m")
    }
}

