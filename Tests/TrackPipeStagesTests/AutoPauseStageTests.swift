import Testing
import TrackPipe
@testable import TrackPipeStages

@Suite struct AutoPauseStageTests {
    typealias H = StageHarness<AutoPauseStage>

    /// 1 Hz: fixes 0…(stopAt−1) moving 50 m per second east (too fast for any circle to hold two of them),
    /// fixes stopAt…(resumeAt−1) standing exactly at the next point, then moving again.
    func stopAndGo(stopAt: Int = 60, resumeAt: Int = 120, count: Int = 180, speed: Double? = nil) -> [Fix] {
        (0..<count).map { i in
            let east: Double
            if i < stopAt { east = Double(i) * 50 }
            else if i < resumeAt { east = Double(stopAt) * 50 }
            else { east = Double(stopAt + i - resumeAt + 1) * 50 }
            return TestTracks.fix(i, t: Double(i), east: east, speed: speed)
        }
    }

    func times(_ out: StageOutput, _ key: String) -> Double? { out.summary.first { $0.key == key }?.value }

    @Test func oneStopOneResume() throws {
        let fixes = stopAndGo()
        let out = try H().run(fixes)
        #expect(out.keptIndices == Array(0..<180))
        // Arrival fix 60 stays moving; 61…119 paused.
        #expect(out.kept.filter(\.paused).map(\.sourceIndex) == Array(61..<120))
        // The last paused fix (119) begins segment 1, with everything after it.
        #expect(out.kept.map(\.segment) == Array(repeating: 0, count: 119) + Array(repeating: 1, count: 61))
        let pauses = try #require(out.annotations[PauseIntervalsKey.self])
        #expect(pauses.count == 1)
        #expect(pauses.first?.firstSourceIndex == 60)
        #expect(pauses.first?.lastSourceIndex == 119)
        #expect(pauses.first?.duration == 59)
        #expect(out.events.map(\.kind) == ["pause-start", "pause-end"])
        #expect(out.events.first?.sourceIndex == 60)
        #expect(out.events.last?.fields["duration-s"] == .number(59))
        #expect(times(out, "elapsed-time") == 179)
        #expect(times(out, "moving-time") == 120)
        #expect(times(out, "paused-time") == 59)
        // Changed fixes are exactly the ones whose paused flag or segment changed.
        #expect(out.changed.map(\.original.sourceIndex) == Array(61..<180))
    }

    @Test func exactlyTheWindowPausesOneSecondLessDoesNot() throws {
        // Standing at fixes 60…90: 30 s = the window → a pause. Standing 60…89: 29 s → none.
        let at = try H().run(stopAndGo(stopAt: 60, resumeAt: 91, count: 120))
        #expect(at.annotations[PauseIntervalsKey.self]?.count == 1)
        let under = try H().run(stopAndGo(stopAt: 60, resumeAt: 90, count: 120))
        #expect(under.annotations[PauseIntervalsKey.self]?.isEmpty == true)
        #expect(under.changed.isEmpty)
        #expect(times(under, "moving-time") == 119)
    }

    @Test func oneStrayFixDoesNotSplitAPause() throws {
        var fixes = stopAndGo()
        fixes[100] = TestTracks.fix(100, t: 100, east: 3000, north: 40)  // 40 m off, then back
        let out = try H().run(fixes)
        #expect(out.annotations[PauseIntervalsKey.self]?.count == 1)
        #expect(out.kept.first { $0.sourceIndex == 100 }?.paused == true)
        // Two strays in a row do end it, at the last fix inside (99); the 18 s left standing after are too
        // short for a new pause.
        fixes[101] = TestTracks.fix(101, t: 101, east: 3000, north: 40)
        let ended = try H().run(fixes)
        #expect(ended.annotations[PauseIntervalsKey.self]?.map(\.lastSourceIndex) == [99])
        #expect(ended.kept.first { $0.sourceIndex == 100 }?.paused == false)
    }

    @Test func aSteadyPaceBelowTwoRadiiPerWindowIsAStop() throws {
        // Centroid circle: v·w/2 ≤ r → stopped. r 15 m, w 30 s: 0.9 m/s is stopped, 1.1 m/s is not.
        let slow = (0..<120).map { TestTracks.fix($0, t: Double($0), east: 0.9 * Double($0)) }
        #expect(try H().run(slow).kept.contains(where: \.paused))
        let walk = (0..<120).map { TestTracks.fix($0, t: Double($0), east: 1.1 * Double($0)) }
        #expect(try H().run(walk).kept.contains(where: \.paused) == false)
    }

    @Test func speedRuleUsesDeviceSpeed() throws {
        // Positions jitter ±6 m while standing (an apparent 12 m/s), the device says 0 m/s.
        let fixes = (0..<100).map { (i: Int) -> Fix in
            let standing = (40..<80).contains(i)
            let east: Double = standing ? (i % 2 == 0 ? 6.0 : -6.0) : Double(i) * 3
            return TestTracks.fix(i, t: Double(i), east: east, speed: standing ? 0 : 3)
        }
        let out = try H(parameters: ["rule": .string("speed"), "window": .number(10)]).run(fixes)
        let pauses = try #require(out.annotations[PauseIntervalsKey.self])
        #expect(pauses.count == 1)
        #expect(pauses.first?.firstSourceIndex == 39)  // reached 40 slowly: the anchor is the fix before
        #expect(pauses.first?.lastSourceIndex == 79)
        // Without device speed the jitter looks like running: no pause.
        let noSpeed = fixes.map { var f = $0; f.speed = nil; return f }
        let jittery = try H(parameters: ["rule": .string("speed"), "window": .number(10)]).run(noSpeed)
        #expect(jittery.annotations[PauseIntervalsKey.self]?.isEmpty == true)
    }

    @Test func holdBackNeverExceedsTheWindow() throws {
        let fixes = stopAndGo()
        let steps = try H().runLive(fixes)
        var emitted = 0
        for (k, step) in steps.dropLast().enumerated() {
            emitted += step.kept.count
            let held = fixes[emitted...k]
            let span = (held.last?.time ?? 0) - (held.first?.time ?? 0)
            #expect(span <= 30, "after fix \(k) the held fixes span \(span) s")
        }
        #expect(emitted + (steps.last?.kept.count ?? 0) == fixes.count)
    }

    @Test func edgeCases() throws {
        let empty = try H().run([])
        #expect(empty.kept.isEmpty && times(empty, "elapsed-time") == 0)
        #expect(try H().run([TestTracks.fix(0, t: 0)]).keptIndices == [0])
        // All fixes at one position: one pause over the whole track, no moving time, no resume.
        let still = try H().run((0..<60).map { TestTracks.fix($0, t: Double($0)) })
        #expect(still.annotations[PauseIntervalsKey.self]?.count == 1)
        #expect(times(still, "moving-time") == 0)
        #expect(still.kept.allSatisfy { $0.segment == 0 })
        // dt = 0 everywhere: never a window, nothing paused.
        let frozen = try H().run((0..<20).map { TestTracks.fix($0, t: 5) })
        #expect(frozen.kept.count == 20 && !frozen.kept.contains(where: \.paused))
        // Fixes without time pass through.
        #expect(try H().run([TestTracks.fix(0, t: nil), TestTracks.fix(1, t: nil)]).keptIndices == [0, 1])
        // A stop across an input segment break does not join the two segments.
        var split = stopAndGo()
        for i in 100..<180 { split[i].segment = 1 }
        let out = try H().run(split)
        #expect(out.annotations[PauseIntervalsKey.self]?.map(\.lastSourceIndex) == [99])  // 100…119 is only 19 s
        #expect(out.keptIndices == Array(0..<180))
        #expect(out.kept.map(\.segment) == Array(repeating: 0, count: 100) + Array(repeating: 1, count: 80))
    }

    @Test(arguments: StageTestSupport.seeds) func neverDropsNorReorders(seed: UInt64) throws {
        let fixes = TestTracks.random(seed: seed, count: 300)
        for rule in ["region", "speed"] {
            let out = try StageTestSupport.liveEqualsOffline(try H(parameters: ["rule": .string(rule)]), fixes)
            #expect(out.dropped.isEmpty)
            #expect(out.keptIndices == fixes.map(\.sourceIndex))
            #expect(zip(out.kept, fixes).allSatisfy { $0.latitude == $1.latitude && $0.longitude == $1.longitude && $0.time == $1.time })
            let moving = times(out, "moving-time") ?? -1, elapsed = times(out, "elapsed-time") ?? -1
            #expect(moving >= 0 && moving <= elapsed)
        }
    }

    @Test func conformance() {
        let tracks: [(name: String, track: Track)] = [("empty", Track()), ("one", Track(fixes: TestTracks.straight(count: 1))),
                                                      ("stop", Track(fixes: stopAndGo())),
                                                      ("random", Track(fixes: TestTracks.random(seed: 13, count: 200)))]
        #expect(StageConformance.check(AutoPauseStage.self, on: tracks).isEmpty)
    }

    /// The figures quoted in the stage's documentation, on the reference run after the other filters.
    @Test func referenceRunStops() throws {
        guard let ref = try ReferenceRun.load() else { return }
        let gated = try StageHarness<AccuracyGateStage>().run(ref.fixes).kept
        let ordered = try StageHarness<TimestampMonotonicityStage>().run(gated).kept
        let clean = try StageHarness<SupermanJumpStage>().run(ordered).kept
        let stopped = Set(ref.truth.indices.filter { ref.truth[$0].speed < 0.1 })
        let region = try H().run(clean)
        let regionScore = DetectionScore(predicted: Set(region.kept.filter(\.paused).map(\.sourceIndex)), actual: stopped)
        #expect(region.annotations[PauseIntervalsKey.self]?.count == 2)
        #expect(regionScore.precision >= 0.85 && regionScore.recall >= 0.98, "\(regionScore)")
        let speed = try H(parameters: ["rule": .string("speed"), "window": .number(10)]).run(clean)
        let speedScore = DetectionScore(predicted: Set(speed.kept.filter(\.paused).map(\.sourceIndex)), actual: stopped)
        #expect(speedScore.precision >= 0.97 && speedScore.recall >= 0.98, "\(speedScore)")
    }
}
