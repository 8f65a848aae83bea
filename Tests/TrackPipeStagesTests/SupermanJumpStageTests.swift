import Foundation
import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

@Suite struct SupermanJumpStageTests {
    typealias H = StageHarness<SupermanJumpStage>

    func fix(_ i: Int, t: Double?, east: Double, north: Double = 0, accuracy: Double? = 0) -> Fix {
        TestTracks.fix(i, t: t, east: east, north: north, accuracy: accuracy)
    }

    /// A walk east at 1.5 m/s, 1 Hz, exact positions.
    func walk(_ count: Int) -> [Fix] { (0..<count).map { fix($0, t: Double($0), east: 1.5 * Double($0)) } }

    @Test func singleFixJumpsGoTheWalkStays() throws {
        var fixes = walk(30)
        fixes[10] = fix(10, t: 10, east: 15, north: 2000)
        fixes[12] = fix(12, t: 12, east: 18, north: -1700)
        let out = try H().run(fixes)
        #expect(out.droppedIndices == [10, 12])
        let d = try #require(out.drop(of: 10))
        #expect(d.rule == "implied-speed")
        #expect(d.unit == .metresPerSecond)
        #expect(d.threshold == JumpSpeedLimit.running)
        // From fix 9 to fix 10 in 1 s, accuracy 0: the distance itself, in m/s. The fixtures' plane is a sphere
        // of radius 6 371 008.8 m; on WGS84 the step (1.5 m east, 2000 m north at 51.5°) is 2001.13236 m —
        // numpy: the meridian arc integrated over the latitude change, and N·cos φ at the mid-latitude for the
        // east part. 1 mm allows the local formula's mid-latitude radii over 2 km.
        #expect(d.measured == Geodesy.distance(fixes[9].point, fixes[10].point))
        #expect(abs((d.measured ?? 0) - 2001.13236) < 1e-3, "\(d.measured ?? .nan)")
        #expect(out.keptIndices == (0..<30).filter { $0 != 10 && $0 != 12 })
    }

    @Test func exactlyAtTheLimitIsKept() throws {
        let a = fix(0, t: 0, east: 0), b = fix(1, t: 1, east: 10)
        let d = Geodesy.distance(a.point, b.point)  // the stage's own metric, so the boundary is exact
        #expect(try H(parameters: ["max-speed": .number(d)]).run([a, b]).keptIndices == [0, 1])
        let out = try H(parameters: ["max-speed": .number(d * 0.999)]).run([a, b])
        #expect(out.droppedIndices == [1])
    }

    @Test func overlappingAccuracyCirclesAreNotAJump() throws {
        // 30 m apart in 1 s, accuracy 20 m each: circles overlap, effective step 0 m.
        let fixes = [fix(0, t: 0, east: 0, accuracy: 20), fix(1, t: 1, east: 30, accuracy: 20)]
        #expect(try H(parameters: ["max-speed": .number(1)]).run(fixes).keptIndices == [0, 1])
        // About 50 m apart: effective step = distance − 40 m in 1 s, about 10 m/s, above 5 m/s.
        let far = [fix(0, t: 0, east: 0, accuracy: 20), fix(1, t: 1, east: 50, accuracy: 20)]
        let out = try H(parameters: ["max-speed": .number(5)]).run(far)
        #expect(out.drop(of: 1)?.measured == Geodesy.distance(far[0].point, far[1].point) - 40)
        // Without accuracy awareness the full 30 m counts.
        #expect(try H(parameters: ["max-speed": .number(1), "accuracy-aware": .bool(false)]).run(fixes).droppedIndices == [1])
    }

    @Test func zeroTimeStep() throws {
        let moved = try H().run([fix(0, t: 0, east: 0), fix(1, t: 0, east: 5)])
        #expect(moved.drop(of: 1)?.rule == "zero-time-step")
        #expect(moved.drop(of: 1)?.unit == .metres)
        let same = try H().run([fix(0, t: 0, east: 0), fix(1, t: 0, east: 0)])
        #expect(same.keptIndices == [0, 1])
    }

    @Test func signalGapIsJudgedWithElapsedTime() throws {
        // 600 m after 300 s without fixes: 2 m/s, fine. The same 600 m after 10 s: 60 m/s.
        let gap = [fix(0, t: 0, east: 0), fix(1, t: 300, east: 600), fix(2, t: 301, east: 602)]
        #expect(try H().run(gap).keptIndices == [0, 1, 2])
        let jump = [fix(0, t: 0, east: 0), fix(1, t: 10, east: 600), fix(2, t: 11, east: 3)]
        #expect(try H().run(jump).droppedIndices == [1])
    }

    @Test func recoversFromABadAnchor() throws {
        // The first fix is 2 km off; the real run follows. After 5 (the default recovery-fixes) rejected fixes
        // that agree, re-anchor.
        var fixes = walk(10)
        fixes[0] = fix(0, t: 0, east: 0, north: 2000)
        let out = try H().run(fixes)
        #expect(out.keptIndices == Array(0..<10))
        #expect(out.dropped.isEmpty)
        let event = try #require(out.events.first)
        #expect(event.kind == "re-anchor")
        #expect(event.sourceIndex == 1)
        #expect(event.fields["fixes"] == .number(5))
        // Live, the suspects are held back (never more than recovery-fixes − 1 = 4) and then released together.
        let steps = try H().runLive(fixes)
        #expect(steps.map { $0.kept.count } == [1, 0, 0, 0, 0, 5, 1, 1, 1, 1, 0])
        // With recovery-fixes 3, three suspects suffice.
        let three = try H(parameters: ["recovery-fixes": .number(3)]).runLive(fixes)
        #expect(three.map { $0.kept.count } == [1, 0, 0, 3, 1, 1, 1, 1, 1, 1, 0])
    }

    @Test func aTwoFixJumpIsDroppedNotReanchored() throws {
        var fixes = walk(12)
        fixes[5] = fix(5, t: 5, east: 7.5, north: 2000)
        fixes[6] = fix(6, t: 6, east: 9, north: 2000)
        let out = try H().run(fixes)
        #expect(out.droppedIndices == [5, 6])
        #expect(out.events.isEmpty)
        // With recovery after 2, the two agreeing fixes are taken as a relocation — and then the run returns,
        // which is itself a jump from them: three agreeing fixes later it re-anchors back.
        let two = try H(parameters: ["recovery-fixes": .number(2)]).run(fixes)
        #expect(two.events.count == 2)
        #expect(two.dropped.isEmpty)
    }

    @Test func disagreeingSuspectsAreAllDropped() throws {
        var fixes = walk(12)
        fixes[4] = fix(4, t: 4, east: 6, north: 2000)
        fixes[5] = fix(5, t: 5, east: 7.5, north: -2000)
        fixes[6] = fix(6, t: 6, east: 4000, north: 0)
        let out = try H().run(fixes)
        #expect(out.droppedIndices == [4, 5, 6])
        #expect(out.keptIndices == [0, 1, 2, 3] + Array(7..<12))
    }

    @Test func suspectsLeftAtTheEndAreDropped() throws {
        var fixes = walk(6)
        fixes.append(fix(6, t: 6, east: 9, north: 2000))
        let steps = try H().runLive(fixes)
        #expect(steps[6].kept.isEmpty && steps[6].dropped.isEmpty)  // held back
        #expect(steps[7].dropped.map(\.sourceIndex) == [6])  // dropped by finish
    }

    @Test func activityPicksTheLimit() throws {
        // 20 m/s: a cyclist's sprint, not a runner's. Against the running limit (12.5 m/s) every fix after the
        // first implies 20 m/s from the anchor and from each other, so none recovers: all four dropped.
        let fast = (0..<5).map { fix($0, t: Double($0), east: 20 * Double($0)) }
        #expect(try H().run(fast).droppedIndices == [1, 2, 3, 4])
        #expect(try H(parameters: ["activity": .string("cycling")]).run(fast).dropped.isEmpty)
        #expect(try H(parameters: [:], activity: .cycling).run(fast).dropped.isEmpty)  // auto = the track's
        #expect(try H(parameters: ["activity": .string("running")], activity: .cycling).run(fast).droppedIndices == [1, 2, 3, 4])
        #expect(JumpSpeedLimit.maxSpeed(for: .walking) < JumpSpeedLimit.maxSpeed(for: .running))
        #expect(JumpSpeedLimit.maxSpeed(for: .cycling) < JumpSpeedLimit.maxSpeed(for: .driving))
    }

    @Test func accelerationRule() throws {
        // Standing, then 10 m in one second: 10 m/s reached from 0 m/s in 1 s = 10 m/s² (> 4).
        let fixes = [fix(0, t: 0, east: 0), fix(1, t: 1, east: 0), fix(2, t: 2, east: 10)]
        #expect(try H().run(fixes).dropped.isEmpty)
        let out = try H(parameters: ["max-acceleration": .number(4)]).run(fixes)
        #expect(out.drop(of: 2)?.rule == "implied-acceleration")
        #expect(out.drop(of: 2)?.unit == .metresPerSecondSquared)
    }

    @Test func edgeCases() throws {
        #expect(try H().run([]).kept.isEmpty)
        #expect(try H().run([fix(0, t: 0, east: 0)]).keptIndices == [0])
        #expect(try H().run((0..<10).map { fix($0, t: Double($0), east: 0) }).dropped.isEmpty)
        // Fixes without time are kept unjudged and never anchor.
        let untimed = [fix(0, t: 0, east: 0), fix(1, t: nil, east: 5000), fix(2, t: 1, east: 1)]
        #expect(try H().run(untimed).keptIndices == [0, 1, 2])
        // Every fix a jump from the last: alternating 2 km hops, all disagreeing — only the first is kept.
        let hops = (0..<9).map { fix($0, t: Double($0), east: $0 % 2 == 0 ? 0 : 2000, north: 2000 * Double($0)) }
        #expect(try H().run(hops).keptIndices == [0])
    }

    @Test(arguments: StageTestSupport.seeds) func neverAddsOrReorders(seed: UInt64) throws {
        let fixes = TestTracks.random(seed: seed, count: 300)
        let out = try StageTestSupport.liveEqualsOffline(try H(), fixes)
        #expect(StageTestSupport.isOrderedSubset(out.kept, of: fixes))
    }

    @Test func conformance() {
        let tracks: [(name: String, track: Track)] = [("empty", Track()), ("one", Track(fixes: TestTracks.straight(count: 1))),
                                                      ("random", Track(fixes: TestTracks.random(seed: 11, count: 200)))]
        #expect(StageConformance.check(SupermanJumpStage.self, on: tracks).isEmpty)
    }

    /// The figures quoted in the notes: after the gate and monotonicity, exactly the 3 flagged jumps.
    @Test func referenceRunPrecisionAndRecall() throws {
        let ref = try ReferenceRun.load()
        let gated = try StageHarness<AccuracyGateStage>().run(ref.fixes).kept
        let ordered = try StageHarness<TimestampMonotonicityStage>().run(gated).kept
        let out = try H().run(ordered)
        let jumps = Set(ref.truth.indices.filter { ref.truth[$0].jump })
        let score = DetectionScore(predicted: Set(out.droppedIndices), actual: jumps)
        #expect(jumps.count == 3)
        #expect(score.precision == 1 && score.recall == 1, "\(score)")
        // Alone on the raw input it still finds all 3 (recall 1); its other drops are warm-up or invalid rows
        // (their positions are as bad as their accuracy says, and an invalid accuracy gives no slack).
        let raw = try H().run(ref.fixes)
        let bad = Set(ref.truth.indices.filter { ref.truth[$0].warmup || ref.truth[$0].invalid })
        #expect(jumps.isSubset(of: Set(raw.droppedIndices)))
        #expect(Set(raw.droppedIndices).subtracting(jumps).isSubset(of: bad))
    }

    /// The bound that lets most steps skip the exact length is never below it: seeded pairs at every latitude to
    /// 89.9°, across the antimeridian, from a millimetre to 20 km apart (beyond 10 km it must bound nothing).
    @Test(arguments: 0..<20)
    func distanceBoundIsNeverBelowTheDistance(seed: UInt64) {
        var state = seed &+ 0x9E37_79B9_7F4A_7C15
        func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<2000 {
            let lat = (uniform() * 2 - 1) * 89.9, lon = seed % 4 == 0 ? 179.9999 : (uniform() * 2 - 1) * 180
            let length = pow(10, uniform() * 7.3 - 3), bearing = uniform() * 2 * .pi
            let dLat = length * cos(bearing) / 111_000, dLon = length * sin(bearing) / (111_000 * cos(lat * .pi / 180))
            var lon2 = lon + dLon
            if lon2 > 180 { lon2 -= 360 }
            let a = Fix(time: 0, latitude: lat, longitude: lon, sourceIndex: 0)
            let b = Fix(time: 1, latitude: max(-90, min(90, lat + dLat)), longitude: lon2, sourceIndex: 1)
            let exact = Geodesy.distance(a.point, b.point)
            let bound = JumpSpeedLimit.distanceBound(a, b)
            #expect(bound >= exact, "seed \(seed): bound \(bound) below \(exact) at \(lat), \(lon)")
            if exact > Geodesy.localApproximationLimit { #expect(bound == .infinity) }
        }
    }
}
