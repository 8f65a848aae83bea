import Foundation
import Testing
import TrackPipe
import TrackPipeTesting
import TrackPipeIO
@testable import TrackPipeStages
import TestSupport
import TrackPipeLab

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

    /// Re-judging the held fixes in place after a released anchor decides exactly what pushing them through the
    /// stack again decides: the same kept fixes (paused flags, segments), events and pauses, on seeded runs that
    /// walk, run and stand with jittering fixes, at 1–2 s steps, with times that sometimes step back and runs
    /// within 1° of a pole; odd seeds carry receiver speeds (with a course on every third), so the Doppler rule's
    /// running means — kept as fixes are held, and rebuilt when an anchor is released — decide alike too.
    @Test(arguments: 0..<40)
    func reanchoringInPlaceDecidesAsPushingAgain(seed: UInt64) throws {
        var rng = SplitMix64(seed: 9000 + seed)
        let nearPole = seed % 10 == 9
        var fixes: [Fix] = []
        var t = 0.0, east = 0.0, north = 0.0
        var heading = Double.random(in: 0..<(2 * .pi), using: &rng)
        while fixes.count < 600 {
            let standing = Double.random(in: 0...1, using: &rng) < 0.35
            let speed = standing ? 0 : Double.random(in: 0.5...4, using: &rng)
            let jitter = Double.random(in: 1...8, using: &rng)
            for _ in 0..<Int.random(in: 5...80, using: &rng) {
                t += Double.random(in: 0...1, using: &rng) < 0.1 ? (Double.random(in: 0...1, using: &rng) < 0.3 ? -3 : 2) : 1
                heading += Double.random(in: -0.3...0.3, using: &rng)
                east += speed * cos(heading)
                north += speed * sin(heading)
                var fix = TestTracks.fix(fixes.count, t: t, east: east + Double.random(in: -jitter...jitter, using: &rng),
                                         north: north + Double.random(in: -jitter...jitter, using: &rng))
                if nearPole { fix.latitude = min(89.9999, 89.5 + fix.latitude - TestTracks.reference.latitude) }
                if seed % 2 == 1 {
                    fix.speed = abs(speed + Double.random(in: -0.4...0.4, using: &rng))
                    if fixes.count % 3 == 0 { fix.course = heading * 180 / .pi }
                }
                fixes.append(fix)
            }
        }
        let (fast, fastHeld) = try runHolding(fixes, inPlace: true), (slow, slowHeld) = try runHolding(fixes, inPlace: false)
        #expect(fastHeld == slowHeld)
        // Most pushes hold several fixes: the in-place path is exercised, not skipped.
        #expect(slowHeld.filter { $0.count > 2 }.count > fixes.count / 10)
        #expect(fast.kept == slow.kept)
        #expect(fast.changed == slow.changed)
        #expect(fast.events.map { "\($0.kind)@\($0.sourceIndex ?? -1)" } == slow.events.map { "\($0.kind)@\($0.sourceIndex ?? -1)" })
        #expect(fast.annotations[PauseIntervalsKey.self] == slow.annotations[PauseIntervalsKey.self])
        // The runs do stop: the comparison covers pauses, not only moving.
        if seed == 0 { #expect(slow.events.contains { $0.kind == "pause-start" }) }
    }

    /// The output of `auto-pause` with its defaults on `fixes`, and the held fixes after each push (the state the
    /// next fix is judged against); `inPlace` false re-judges released held fixes through the stack.
    func runHolding(_ fixes: [Fix], inPlace: Bool) throws -> (output: StageOutput, held: [[Int]]) {
        var processor = AutoPauseStage.Processor(stage: try H().stage, maximumSpeed: .infinity)
        processor.reanchorsInPlace = inPlace
        var out = StageEmitter(label: "auto-pause")
        var held: [[Int]] = []
        for fix in fixes {
            try processor.push(fix, into: &out)
            held.append(processor.held.map(\.sourceIndex))
        }
        try processor.finish(into: &out)
        return (out.output, held)
    }

    /// A runner who keeps going for 700 s releases an anchor at almost every fix, many times more than the released
    /// fixes the held lists keep in front of the held ones before moving them down (`compactionStart`); then stands a
    /// minute and runs on. Released in place, the held fixes are those pushing them again gives after every fix, and
    /// so are the kept fixes, the changes and the pause.
    @Test func aLongRunReleasesInPlaceAsPushingAgain() throws {
        var rng = SplitMix64(seed: 77)
        var fixes: [Fix] = []
        var east = 0.0
        for i in 0..<1460 {
            if !(700..<760).contains(i) { east += 2.5 }
            fixes.append(TestTracks.fix(i, t: Double(i), east: east + Double.random(in: -3...3, using: &rng),
                                        north: Double.random(in: -3...3, using: &rng)))
        }
        let (fast, fastHeld) = try runHolding(fixes, inPlace: true), (slow, slowHeld) = try runHolding(fixes, inPlace: false)
        #expect(fastHeld == slowHeld)
        // Moving, several fixes are held at once (a 30 m circle at 2.5 m/s), and one is released per fix.
        #expect(slowHeld[100..<700].allSatisfy { $0.count >= 5 })
        #expect(700 > 4 * AutoPauseStage.Processor.compactionStart)
        #expect(fast.kept == slow.kept)
        #expect(fast.changed == slow.changed)
        #expect(fast.annotations[PauseIntervalsKey.self] == slow.annotations[PauseIntervalsKey.self])
        #expect(slow.annotations[PauseIntervalsKey.self]?.count == 1)
    }

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

    /// True position (metres east) of a runner at 3 m/s who brakes at 1 m/s² to stand at 175.5 m from t = 60 s
    /// to t = 120 s, then speeds up at 1 m/s² to 3 m/s again: 171 m at 57 s, 173.5 at 58, 175 at 59, 175.5 from
    /// 60 to 120, 176 at 121, 177.5 at 122, 180 at 123, then 3 m/s.
    static func brakingRunner(_ t: Double) -> Double {
        switch t {
        case ..<57: return 3 * t
        case ..<60: let s = t - 57; return 171 + 3 * s - s * s / 2
        case ...120: return 175.5
        case ..<123: let s = t - 120; return 175.5 + s * s / 2
        default: return 180 + 3 * (t - 123)
        }
    }

    /// 1 Hz fixes of ``brakingRunner(_:)`` for 0…199 s; standing fixes (61…119) moved by `jitter(i)`.
    func brakingStop(jitter: (Int) -> (east: Double, north: Double) = { _ in (0, 0) }) -> [Fix] {
        (0..<200).map { (i: Int) -> Fix in
            let j: (east: Double, north: Double) = (61..<120).contains(i) ? jitter(i) : (0, 0)
            return TestTracks.fix(i, t: Double(i), east: Self.brakingRunner(Double(i)) + j.east, north: j.north)
        }
    }

    /// Counted distance of `fixes` by the distance stage's rules (no distance into a paused fix nor across a
    /// segment break).
    func counted(_ fixes: [Fix]) -> Double {
        var accumulator = DistanceAccumulator()
        for f in fixes { accumulator.add(f) }
        return accumulator.distance
    }

    @Test func pauseStartsWhereTheRunnerStoppedAndEndsWhereTheyLeft() throws {
        let fixes = brakingStop()
        let out = try StageTestSupport.liveEqualsOffline(H(), fixes)
        // Arrival (6 fixes after, mean 3.5 s apart; moving when farther than 1 m/s × 3.5 s from their mean):
        // fix 57 (171 m) is 4.08 m from the mean of 58…63 (175.08) → moving; fix 58 (173.5) is 1.75 m from
        // the mean of 59…64 → arrived. The pause starts at 58, 2 s (2 m) before the true arrival at 60 s.
        // Departure (against the 6 fixes before): 121 (176) is 0.5 m and 122 (177.5) 1.92 m from their
        // means → standing; 123 (180) is 4.08 m from the mean of 117…122 (175.92) → walking out. 127 and 128
        // are the first two beyond 15 m of the pause's centroid (about 175.5): the exit. The pause ends at 122,
        // 2 s (2 m) after the true departure at 120 s.
        let pauses = try #require(out.annotations[PauseIntervalsKey.self])
        #expect(pauses.map(\.firstSourceIndex) == [58])
        #expect(pauses.map(\.lastSourceIndex) == [122])
        #expect(out.kept.filter(\.paused).map(\.sourceIndex) == Array(59...122))
        #expect(out.kept.map(\.segment) == Array(repeating: 0, count: 122) + Array(repeating: 1, count: 78))
        // Lost: the steps into 59…122, i.e. 173.5 → 177.5 m of true movement = 4 m in the test projection,
        // which is spherical (mean radius 6 371 008.8 m); on the WGS84 ellipsoid, along the reference latitude
        // 51.5°, that is 4 × N(51.5°)/R = 4.01271019226 m (numpy: N = a/√(1 − e² sin²φ)).
        let whole = counted(fixes), step = Geodesy.distance(fixes[58].point, fixes[122].point)
        #expect(abs(step - 4.01271019226) < 1e-9, "\(step)")
        #expect(abs((whole - counted(out.kept)) - step) < 1e-6, "counted \(counted(out.kept)) of \(whole)")
        #expect(times(out, "paused-time") == 64)
        #expect(out.events.map(\.sourceIndex) == [58, 122])
    }

    /// True speed of ``brakingRunner(_:)``, m/s (its derivative).
    static func brakingSpeed(_ t: Double) -> Double {
        switch t {
        case ..<57: return 3
        case ..<60: return 3 - (t - 57)
        case ...120: return 0
        case ..<123: return t - 120
        default: return 3
        }
    }

    @Test func dopplerSpeedsPlaceTheEdgesWherePositionsCannot() throws {
        // The braking stop with the receiver's speed on every fix: a fix is moving at 1 m/s (2·radius/window)
        // or faster. Braking: 57 (3 m/s), 58 (2), 59 (1) moving, 60 (0) arrived — the anchor. Walk-out: 120 (0)
        // standing, 121 (1 m/s) departing: the pause ends at 120. So 61…120 are paused and nothing the runner
        // covered is lost (positions alone: 58…122, 4 m lost). Standing jitter of ±4 m, which positions alone
        // would judge, changes nothing: the receiver says it stood.
        let jitter = { (i: Int) in (east: 4 * sin(1.7 * Double(i)), north: 4 * cos(2.3 * Double(i))) }
        for shake in [false, true] {
            let fixes = brakingStop(jitter: shake ? jitter : { _ in (0, 0) }).map { f -> Fix in
                var f = f
                f.speed = Self.brakingSpeed(f.time.map { $0 - 1_700_000_000 } ?? 0)
                return f
            }
            let out = try StageTestSupport.liveEqualsOffline(H(), fixes)
            let pauses = try #require(out.annotations[PauseIntervalsKey.self])
            #expect(pauses.map(\.firstSourceIndex) == [60] && pauses.map(\.lastSourceIndex) == [120], "\(pauses)")
            #expect(out.kept.filter(\.paused).map(\.sourceIndex) == Array(61...120))
            #expect(abs(counted(out.kept) - counted(brakingStop())) < 1e-9, "counted \(counted(out.kept))")
        }
    }

    @Test func nearAPoleTheSpeedsStillPlaceTheEdges() throws {
        // The braking runner with speeds, running north along the meridian from 89.5° N (within 1° of the pole
        // positions are not projected and the circle is judged by straight distances): the receiver's speeds place
        // the pause as at 51.5° — at 60 s and 120 s (positions alone: where the runner is 15 m from the stop).
        let metresPerDegree = 6_371_008.8 * Double.pi / 180
        let fixes = (0..<200).map { (i: Int) -> Fix in
            var f = TestTracks.fix(i, t: Double(i))
            f.latitude = 89.5 + Self.brakingRunner(Double(i)) / metresPerDegree
            f.longitude = 0
            f.speed = Self.brakingSpeed(Double(i))
            return f
        }
        let out = try StageTestSupport.liveEqualsOffline(H(), fixes)
        let pauses = try #require(out.annotations[PauseIntervalsKey.self])
        #expect(pauses.map(\.firstSourceIndex) == [60] && pauses.map(\.lastSourceIndex) == [120], "\(pauses)")
    }

    @Test func aSparseLoggersSpeedsDoNotPlaceTheEdges() throws {
        // A logger writing every 3 s whose speed lags 2 s (2 m/s at 60 s, where the runner stands; 1 m/s at
        // 123 s, off at 3 m/s again): a speed that far from the fix before it may not be the moment's (the
        // Whitchurch MotoG3 carries 1.7–2 m/s into its stops), so the edges are found from positions exactly as
        // without speeds. (By these speeds the pause would start at 63 s.)
        let sparse = brakingStop().filter { $0.sourceIndex % 3 == 0 }
        let stale = sparse.map { f -> Fix in
            var f = f
            f.speed = Self.brakingSpeed((f.time ?? 0) - 1_700_000_000 - 2)
            return f
        }
        let withSpeeds = try StageTestSupport.liveEqualsOffline(H(), stale)
        let without = try StageTestSupport.liveEqualsOffline(H(), sparse)
        #expect(without.kept.contains { $0.paused })
        #expect(withSpeeds.kept.map(\.paused) == without.kept.map(\.paused))
        #expect(withSpeeds.kept.map(\.segment) == without.kept.map(\.segment))
    }

    @Test func standingJitterNeitherSplitsTheStopNorCountsDistance() throws {
        // ±4 m per axis, independent-looking (two incommensurate sines): steps of up to 8 m between standing
        // fixes, i.e. "speeds" a runner's.
        let fixes = brakingStop { i in (4 * sin(1.7 * Double(i)), 4 * cos(2.3 * Double(i))) }
        let out = try StageTestSupport.liveEqualsOffline(H(), fixes)
        let pauses = try #require(out.annotations[PauseIntervalsKey.self])
        #expect(pauses.count == 1)
        // Arrival and departure within 3 s of the truth (60 s and 120 s): the stage's promise for jitter whose
        // exact edges only the stage's own arithmetic could predict, so a requirement rather than a value.
        let start = (pauses.first?.start ?? 0) - 1_700_000_000, end = (pauses.first?.end ?? 0) - 1_700_000_000
        #expect(start >= 57 && start <= 60, "start \(start)")
        #expect(end >= 120 && end <= 123, "end \(end)")
        // Every jittered fix is paused (none of the jitter is counted) and the counted distance is within
        // 6 m of the true path's (a requirement, as above: the noiseless track loses 4 m, the trimmed edges
        // may move by up to 1 s of walking each).
        #expect(Set(61..<120).isSubset(of: Set(out.kept.filter(\.paused).map(\.sourceIndex))))
        let truth = counted(brakingStop())
        #expect(abs(counted(out.kept) - truth) < 6, "counted \(counted(out.kept)) of \(truth)")
    }

    /// The committed stop-and-go dataset (25 stops, noisy) through the causal runkeeper preset: a LivePipeline
    /// fed fix by fix decides exactly what the offline run does — the same fixes, paused flags, segments and
    /// pause events — so the trimmed edges use no more look-ahead than the stream gives them.
    @Test func liveEqualsOfflineOnTheStopAndGoDataset() throws {
        let path = TestData.datasets.appendingPathComponent("stop-and-go.gpx").path
        let track = try TrackReader.read(path: path)
        let pipeline = try TestPipelines.preset("runkeeper")
        let offline = try pipeline.run(track)
        var live = try pipeline.live()
        var accepted: [Fix] = [], events: [StageEvent] = []
        for output in try track.fixes.flatMap({ try live.push($0) }) + (try live.finish()) {
            if case .accepted(let f) = output { accepted.append(f) }
            if case .event(let e) = output { events.append(e) }
        }
        #expect(accepted == offline.track.fixes)
        let pauseEvents = { (e: [StageEvent]) in e.filter { $0.kind.hasPrefix("pause-") }.map { "\($0.kind) \($0.sourceIndex ?? -1)" } }
        #expect(pauseEvents(events) == pauseEvents(offline.events))
        // Against the truth (its `moving` column; 25 stops of 0–58 s): every pause lies on a true stop, and
        // every stop of at least 35 s — comfortably over the 30 s window — has a pause.
        let truth = try #require(try DatasetTruth.load(for: track, trackPath: path).fixes)
        var stops: [ClosedRange<Int>] = []
        for row in truth.sorted(by: { $0.sourceIndex < $1.sourceIndex }) where !row.moving {
            if let last = stops.last, last.upperBound == row.sourceIndex - 1 {
                stops[stops.count - 1] = last.lowerBound...row.sourceIndex
            } else {
                stops.append(row.sourceIndex...row.sourceIndex)
            }
        }
        #expect(stops.count == 25)
        let pauses = try #require(offline.annotations[PauseIntervalsKey.self]).map { $0.firstSourceIndex...$0.lastSourceIndex }
        #expect(pauseEvents(events).count == 2 * pauses.count)
        for pause in pauses { #expect(stops.contains { $0.overlaps(pause) }, "pause \(pause) on no true stop") }
        let byIndex = Dictionary(uniqueKeysWithValues: truth.map { ($0.sourceIndex, $0.trueTime) })
        let long = stops.filter { (byIndex[$0.upperBound] ?? 0) - (byIndex[$0.lowerBound] ?? 0) >= 35 }
        #expect(long.count == 12)
        for stop in long { #expect(pauses.contains { $0.overlaps(stop) }, "stop \(stop) not paused") }
    }

    @Test func edgeWindowIsAtMostTheWindow() throws {
        #expect(try H(parameters: ["edge-window": .number(100)]).stage.edgeWindow == 30)
        #expect(try H(parameters: ["edge-window": .number(4)]).stage.edgeWindow == 4)
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

    /// A receiver speed faster than the activity's jump limit (running: 12.5 m/s) is corrupt: the fix is judged as
    /// if it carried none. A runner at 3 m/s stands still from fix 60 to 119 with the receiver saying 0 m/s, but one
    /// fix reports 1e300 m/s: the same pause, 60…119, as with no speed on that fix. Taken as a speed, it had moved
    /// the runner: near the stop's start the pause began after it (63 for fix 62, 71 for fix 70), as the stop's last
    /// fix it ended at 118; in the middle of a confirmed pause (90) it changed nothing either way.
    @Test(arguments: [62, 70, 90, 119])
    func aCorruptSpeedLeavesAStopAsItIs(at corruptIndex: Int) throws {
        func run(_ corruptSpeed: Double?) -> [Fix] {
            (0..<180).map { i in
                let east = i < 60 ? Double(i) * 3 : i < 120 ? 180 : 180 + Double(i - 119) * 3
                var f = TestTracks.fix(i, t: Double(i), east: east, speed: (60..<120).contains(i) ? 0 : 3)
                if i == corruptIndex { f.speed = corruptSpeed }
                return f
            }
        }
        let corrupt = try StageTestSupport.liveEqualsOffline(H(), run(1e300))
        let none = try H().run(run(nil))
        let pauses = try #require(corrupt.annotations[PauseIntervalsKey.self])
        #expect(pauses.map(\.firstSourceIndex) == [60] && pauses.map(\.lastSourceIndex) == [119], "\(pauses)")
        #expect(pauses == none.annotations[PauseIntervalsKey.self])
        #expect(corrupt.kept.map(\.paused) == none.kept.map(\.paused))
    }

    @Test func holdBackNeverExceedsTheWindowOnStopAndGo() throws {
        try holdBack(stopAndGo())
    }

    @Test(arguments: [0.0, 4.0]) func holdBackNeverExceedsTheWindow(jitter: Double) throws {
        try holdBack(brakingStop { i in (jitter * sin(1.7 * Double(i)), jitter * cos(2.3 * Double(i))) })
    }

    func holdBack(_ fixes: [Fix]) throws {
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
            // Moving time is elapsed minus the pauses, which are the annotated intervals.
            let moving = try #require(times(out, "moving-time")), elapsed = try #require(times(out, "elapsed-time"))
            let paused = try #require(times(out, "paused-time"))
            let intervals = out.annotations[PauseIntervalsKey.self] ?? []
            #expect(abs(paused - intervals.reduce(0) { $0 + $1.duration }) < 1e-9)
            #expect(abs(moving - (elapsed - paused)) < 1e-9)
            let timed = fixes.compactMap(\.time)  // elapsed: last − first fix time, as documented
            #expect(elapsed == (timed.last ?? 0) - (timed.first ?? 0))
        }
    }

    /// A walk at 1.1 m/s round a circle of 8 m radius for two minutes never leaves a 15 m circle, so from
    /// positions alone it is a stop; with the receiver's speed and course on each fix it is movement. Standing
    /// still with noisy speeds (0.3 m/s per axis; a course only from 0.5 m/s) is still a stop.
    @Test func dopplerSpeedsTellAWalkFromAStop() throws {
        func walk(speeds: Bool) -> [Fix] {
            (0..<120).map { k in
                let angle = 1.1 * Double(k) / 8
                var f = TestTracks.fix(k, t: Double(k), east: 8 * sin(angle), north: 8 * cos(angle))
                if speeds {
                    f.speed = 1.1
                    f.course = ((angle * 180 / .pi) + 90).truncatingRemainder(dividingBy: 360)
                }
                return f
            }
        }
        #expect(try H().run(walk(speeds: false)).kept.contains { $0.paused })
        let moving = try StageTestSupport.liveEqualsOffline(try H(), walk(speeds: true))
        #expect(moving.kept.allSatisfy { !$0.paused })
        var rng = Xoshiro256StarStar(seed: 3)
        let standing = (0..<120).map { k -> Fix in
            var f = TestTracks.fix(k, t: Double(k), east: 2 * rng.gaussian(), north: 2 * rng.gaussian())
            let ve = 0.3 * rng.gaussian(), vn = 0.3 * rng.gaussian()
            f.speed = (ve * ve + vn * vn).squareRoot()
            if (f.speed ?? 0) >= 0.5 { f.course = (atan2(ve, vn) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360) }
            return f
        }
        let stop = try StageTestSupport.liveEqualsOffline(try H(), standing)
        #expect(stop.kept.filter(\.paused).count > 80)
    }

    /// An out-and-back whose turn falls in a signal gap: 1 Hz at 3.8 m/s with Doppler speed and course, north for
    /// 120 s, no fix for 48 s (24 s on to the turn and 24 s back), then south again. The fixes either side of the gap
    /// lie 4 m apart, inside one circle for longer than the window; their speeds say running, and the next fixes
    /// run on, so nothing is paused (before: a 48-s pause over the gap, 182 m lost). The same positions from a
    /// sparse logger (a fix every 4 s, as the Whitchurch MotoG3 writes riding) are paused as before: its speeds are
    /// not the moment's. Without speeds the gap is paused, as positions alone cannot tell.
    @Test func aTurnInsideASignalGapIsNotAPause() throws {
        let v = 3.8
        func turn(every step: Int = 1, speeds: Bool = true) -> [Fix] {
            var fixes: [Fix] = []
            for k in 0..<300 {
                let t = Double(k)
                guard t < 120 || t > 168, k % step == 0 else { continue }
                // Along the line: out to the turn at 120 + 24 s, back after it.
                let along = t <= 144 ? v * t : v * (288 - t)
                var f = TestTracks.fix(k, t: t, north: along + 0.5 * sin(t))
                if speeds {
                    f.speed = v
                    f.course = t <= 144 ? 0 : 180
                }
                fixes.append(f)
            }
            return fixes
        }
        let dense = try StageTestSupport.liveEqualsOffline(try H(), turn())
        #expect(dense.kept.allSatisfy { !$0.paused })
        #expect(!dense.events.contains { $0.kind == "pause-start" })
        let sparse = try StageTestSupport.liveEqualsOffline(try H(), turn(every: 4))
        #expect(sparse.kept.contains { $0.paused })
        let positionsOnly = try StageTestSupport.liveEqualsOffline(try H(), turn(speeds: false))
        #expect(positionsOnly.kept.contains { $0.paused })
    }

    @Test func conformance() {
        let tracks: [(name: String, track: Track)] = [("empty", Track()), ("one", Track(fixes: TestTracks.straight(count: 1))),
                                                      ("stop", Track(fixes: stopAndGo())),
                                                      ("random", Track(fixes: TestTracks.random(seed: 13, count: 200)))]
        #expect(StageConformance.check(AutoPauseStage.self, on: tracks).isEmpty)
    }

    /// The figures quoted in the stage's documentation, on the reference run after the other filters.
    @Test func referenceRunStops() throws {
        let ref = try ReferenceRun.load()
        let gated = try StageHarness<AccuracyGateStage>().run(ref.fixes).kept
        let ordered = try StageHarness<TimestampMonotonicityStage>().run(gated).kept
        let clean = try StageHarness<SupermanJumpStage>().run(ordered).kept
        let stopped = Set(ref.truth.indices.filter { ref.truth[$0].speed < 0.1 })
        let region = try H().run(clean)
        let regionScore = DetectionScore(predicted: Set(region.kept.filter(\.paused).map(\.sourceIndex)), actual: stopped)
        // Both stops, each as one pause (see the stage's documentation).
        let intervals = try #require(region.annotations[PauseIntervalsKey.self])
        #expect(intervals.count == 2)
        let stopTimes = [622, 1590].map { index in ref.fixes.first { $0.sourceIndex == index }?.time ?? 0 }
        #expect(stopTimes.allSatisfy { t in intervals.contains { $0.start <= t + 5 && $0.end >= t } })
        // The stage's documented figures: precision 0.975 = 155/159, recall 0.987 = 155/157.
        #expect(stopped.count == 157)
        #expect(regionScore.truePositives == 155 && regionScore.falsePositives == 4 && regionScore.falseNegatives == 2, "\(regionScore)")
        // Without the reference's speeds the receiver cannot be asked: each stop is one pause, as before.
        let speedless = clean.map { f -> Fix in var f = f; f.speed = nil; return f }
        let positional = try H().run(speedless)
        #expect(positional.annotations[PauseIntervalsKey.self]?.count == 2)
        let positionalScore = DetectionScore(predicted: Set(positional.kept.filter(\.paused).map(\.sourceIndex)), actual: stopped)
        #expect(positionalScore.truePositives == 155 && positionalScore.falsePositives == 18, "\(positionalScore)")
        let speed = try H(parameters: ["rule": .string("speed"), "window": .number(10)]).run(clean)
        let speedScore = DetectionScore(predicted: Set(speed.kept.filter(\.paused).map(\.sourceIndex)), actual: stopped)
        // The README's figures for the speed rule: precision 0.975 = 155/159, recall 0.987 = 155/157.
        #expect(speedScore.truePositives == 155 && speedScore.falsePositives == 4 && speedScore.falseNegatives == 2, "\(speedScore)")
    }
}
