import Testing
import TrackPipe
import TrackPipeTesting

/// Activity inference on tracks laid out by hand in a metre frame (speeds known), and its robustness to what
/// real tracks hold: a jump, a segment break, stops. Frame metres and ellipsoid metres differ by < 0.3 % here,
/// so speeds are checked to 1 %.
@Suite struct ActivityInferenceTests {
    let fixtures = TrackFixtures()

    func close(_ a: Double?, _ b: Double, _ tolerance: Double = 0.01) -> Bool {
        a.map { abs($0 - b) <= tolerance * b } ?? false
    }

    @Test(arguments: [(3.0, Activity.running), (5.0, .running), (6.0, .cycling), (8.5, .cycling), (9.5, .driving), (30, .driving)])
    func steadySpeedsInferTheActivity(_ speed: Double, _ expected: Activity) {
        let inference = ActivityInference.resolve(Track(fixes: fixtures.straight(count: 120, speed: speed)))
        #expect(inference.activity == expected && inference.source == .inferred, "\(speed) m/s: \(inference)")
        #expect(close(inference.medianMovingSpeed, speed) && close(inference.upperQuartileMovingSpeed, speed))
        #expect(inference.reason.hasPrefix("\(expected.rawValue) inferred from the moving speeds"))
    }

    @Test func walkingSpeedsStayRunning() {
        // Walking is never inferred: it would tighten the limits (see the type's discussion).
        let inference = ActivityInference.resolve(Track(fixes: fixtures.straight(count: 200, speed: 1.3, interval: 2)))
        #expect(inference.activity == .running && inference.source == .inferred)
        #expect(close(inference.medianMovingSpeed, 1.3))
    }

    @Test func theTracksOwnActivityWinsUnlessItIsOther() {
        var track = Track(activity: .walking, fixes: fixtures.straight(count: 120, speed: 7))
        #expect(ActivityInference.resolve(track) == ActivityInference(activity: .walking, source: .track, reason: "the track's own activity"))
        track.activity = .other
        #expect(ActivityInference.resolve(track).activity == .cycling)
    }

    @Test func tooLittleMovementAssumesRunning() {
        // 40 fixes at 1 Hz give 30 windows of 10 s (fix i to fix i + 10 for i < 30); 39 give 29.
        #expect(ActivityInference.movingWindowSpeeds(fixtures.straight(count: 40, speed: 7)).count == 30)
        #expect(ActivityInference.resolve(Track(fixes: fixtures.straight(count: 40, speed: 7))).activity == .cycling)
        let short = ActivityInference.resolve(Track(fixes: fixtures.straight(count: 39, speed: 7)))
        #expect(short.activity == .running && short.source == .assumed && short.medianMovingSpeed == nil)
        #expect(short.reason.contains("29 of 30 moving 10-s windows"))
        // Standing still is not movement.
        let still = ActivityInference.resolve(Track(fixes: fixtures.stationary(count: 600)))
        #expect(still.source == .assumed)
    }

    @Test func aJumpASegmentBreakAndStopsDoNotMoveTheVerdict() {
        // A run at 3 m/s with a 2 km jump out and back (fixes 60 and 61): 11 windows of 110 see it.
        var run = fixtures.straight(count: 120, speed: 3)
        run[60] = fixtures.fix(60, t: 60, east: 180, north: 2000)
        #expect(ActivityInference.resolve(Track(fixes: run)).activity == .running)
        // A break: segment 1 starts 5 km away; no window spans the two segments.
        var broken = fixtures.straight(count: 120, speed: 3)
        for i in 60..<120 { broken[i] = fixtures.fix(i, t: Double(i), east: 5000 + Double(i) * 3, segment: 1) }
        let b = ActivityInference.resolve(Track(fixes: broken))
        #expect(b.activity == .running && close(b.upperQuartileMovingSpeed, 3))
        // A ride with long stops: the stopped windows are not moving windows, so they do not dilute it.
        var ride: [Fix] = []
        var east = 0.0
        for i in 0..<400 {
            let moving = (i / 100) % 2 == 0
            if moving { east += 7 }
            ride.append(fixtures.fix(i, t: Double(i), east: east))
        }
        #expect(ActivityInference.resolve(Track(fixes: ride)).activity == .cycling)
    }

    @Test func timesAndCoordinatesThatCannotBeUsedAreSkipped() {
        var fixes = fixtures.straight(count: 120, speed: 7)
        fixes[10].time = nil
        fixes[20].latitude = .nan
        fixes[30].time = .infinity
        let inference = ActivityInference.resolve(Track(fixes: fixes))
        #expect(inference.activity == .cycling && close(inference.medianMovingSpeed, 7))
    }
}
