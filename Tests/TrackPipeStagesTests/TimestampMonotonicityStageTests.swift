import Testing
import TrackPipe
import TrackPipeLab
import TrackPipeTesting
@testable import TrackPipeStages

@Suite struct TimestampMonotonicityStageTests {
    typealias H = StageHarness<TimestampMonotonicityStage>

    func fix(_ i: Int, t: Double?, east: Double = 0, accuracy: Double? = 5) -> Fix {
        TestTracks.fix(i, t: t, east: east, accuracy: accuracy)
    }

    @Test func dropsEarlierWithTheNegativeStep() throws {
        let out = try H().run([fix(0, t: 0), fix(1, t: 2), fix(2, t: 1.5), fix(3, t: 3)])
        #expect(out.keptIndices == [0, 1, 3])
        let d = try #require(out.drop(of: 2))
        #expect(d.rule == "not-later")
        #expect(d.measured == -0.5)
        #expect(d.threshold == 0)
        #expect(d.unit == .seconds)
    }

    @Test func duplicateKeepsTheMoreAccurate() throws {
        // Second of the pair more accurate: it replaces the first.
        let better = try H().run([fix(0, t: 0), fix(1, t: 1, accuracy: 8), fix(2, t: 1, east: 4, accuracy: 3), fix(3, t: 2)])
        #expect(better.keptIndices == [0, 2, 3])
        #expect(better.drop(of: 1)?.rule == "duplicate-time")
        #expect(better.drop(of: 1)?.measured == 0)
        // Equally accurate: the first in the file stays.
        let tie = try H().run([fix(0, t: 0), fix(1, t: 1, accuracy: 3), fix(2, t: 1, east: 4, accuracy: 3)])
        #expect(tie.keptIndices == [0, 1])
        // A valid accuracy beats an unknown or invalid one, whichever comes first.
        let unknownFirst = try H().run([fix(0, t: 1, accuracy: nil), fix(1, t: 1, accuracy: 30)])
        #expect(unknownFirst.keptIndices == [1])
        let invalidSecond = try H().run([fix(0, t: 1, accuracy: 30), fix(1, t: 1, accuracy: -1)])
        #expect(invalidSecond.keptIndices == [0])
    }

    @Test func keepFirstWithoutHoldBack() throws {
        let fixes = [fix(0, t: 0), fix(1, t: 1, accuracy: 8), fix(2, t: 1, accuracy: 3), fix(3, t: 2)]
        let h = try H(parameters: ["prefer-accurate-duplicate": .bool(false)])
        #expect(try h.run(fixes).keptIndices == [0, 1, 3])
        // Each fix is decided as it arrives: nothing is held back.
        let steps = try h.runLive(fixes)
        #expect(steps.map { $0.kept.count + $0.dropped.count } == [1, 1, 1, 1, 0])
    }

    @Test func holdsBackExactlyOneFix() throws {
        let steps = try H().runLive([fix(0, t: 0), fix(1, t: 1), fix(2, t: 1, accuracy: 2), fix(3, t: 2)])
        #expect(steps.map { $0.kept.map(\.sourceIndex) } == [[], [0], [], [2], [3]])
        #expect(steps[2].dropped.map(\.sourceIndex) == [1])
    }

    @Test func edgeCases() throws {
        #expect(try H().run([]).kept.isEmpty)
        #expect(try H().run([fix(0, t: 5)]).keptIndices == [0])
        let untimed = try H().run([fix(0, t: nil), fix(1, t: .infinity)])
        #expect(untimed.dropped.map(\.rule) == ["missing-time", "missing-time"])
        // dt = 0 at one position, every fix: only the first survives.
        let same = try H().run((0..<10).map { fix($0, t: 7) })
        #expect(same.keptIndices == [0])
        #expect(same.dropped.count == 9)
    }

    @Test(arguments: StageTestSupport.seeds) func outputStrictlyIncreasing(seed: UInt64) throws {
        let fixes = TestTracks.random(seed: seed, count: 300)
        for prefer in [true, false] {
            // Without re-anchoring: a pure filter.
            let out = try StageTestSupport.liveEqualsOffline(
                try H(parameters: ["prefer-accurate-duplicate": .bool(prefer), "reanchor-after": .number(0)]), fixes)
            let times = out.kept.compactMap(\.time)
            #expect(times.count == out.kept.count)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
            #expect(StageTestSupport.isOrderedSubset(out.kept, of: fixes))
            // Nothing is dropped needlessly: a dropped fix has no time, or shares its time with a kept fix (a
            // duplicate pair), or an earlier input fix had a later time that was kept (by it or its duplicate).
            let position = Dictionary(uniqueKeysWithValues: fixes.enumerated().map { ($1.sourceIndex, $0) })
            let keptTimes = Set(out.kept.compactMap(\.time))
            for d in out.dropped {
                guard let t = d.fix?.time, t.isFinite, let p = position[d.sourceIndex] else {
                    #expect(d.rule == "missing-time")
                    continue
                }
                let justified = keptTimes.contains(t) || fixes[..<p].contains { q in
                    guard let qt = q.time else { return false }
                    return qt > t && keptTimes.contains(qt)
                }
                #expect(justified, "fix \(d.sourceIndex) dropped by \(d.rule) without a reason")
            }
        }
    }

    /// With re-anchoring (the default) on simulated 400-fix runs whose clock steps 120 s back at 40 %, with the
    /// simulator's other faults (warm-up, jumps, cell fixes, swapped rows, duplicate times, gaps) around it: times
    /// strictly increase, live equals offline, every fix is kept or dropped once, the step is re-anchored, and a
    /// kept fix is its input fix with only its time moved, by the offset of the last clock-reanchor event before
    /// it (0 before the first). (The random tracks above relocate by 2 km for good now and then, so a clock step
    /// there rarely has five fixes that continue the track.)
    @Test(arguments: StageTestSupport.seeds) func reanchoringOnlyMovesTimesByTheAnnouncedOffset(seed: UInt64) throws {
        let fixes = try Self.steppedClockRun(seed: seed)
        let out = try StageTestSupport.liveEqualsOffline(try H(), fixes)
        let times = out.kept.compactMap(\.time)
        #expect(times.count == out.kept.count && zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(out.kept.count + out.dropped.count == fixes.count)
        let input = Dictionary(uniqueKeysWithValues: fixes.map { ($0.sourceIndex, $0) })
        let events = out.events.filter { $0.kind == "clock-reanchor" }
        for fix in out.kept {
            let original = try #require(input[fix.sourceIndex])
            let offset = events.last { ($0.sourceIndex ?? .max) <= fix.sourceIndex }.flatMap { e -> Double? in
                if case .number(let x) = e.fields["offset"] { return x } else { return nil }
            } ?? 0
            var expected = original
            expected.time = (original.time ?? 0) + offset
            #expect(fix == expected, "fix \(fix.sourceIndex)")
        }
        #expect(out.changed.count == out.kept.filter { $0 != input[$0.sourceIndex] }.count)
    }

    /// A simulated 400-fix city run whose clock steps 120 s back at 40 %, with the simulator's other faults.
    static func steppedClockRun(seed: UInt64) throws -> [Fix] {
        var p = SimulationParameters()
        p.fixCount = 400
        p.clockJump.enabled = true
        p.clockJump.at = 0.4
        p.clockJump.offset = -120
        return try RunSimulator(parameters: p, seed: seed).simulate(route: try RouteScenario.cityLoop.route()).track.fixes
    }

    /// The runs above are re-anchored at the step: 24 of the 25 (seed 1 has a 40-s signal gap where the clock
    /// steps, so its first fix after the step is 125 m from the last before it, beyond what the runner could have
    /// covered in one usual step — the rule cannot tell that from a different track, and drops as before).
    @Test func simulatedClockStepsAreReanchored() throws {
        var reanchored: [UInt64] = []
        for seed in StageTestSupport.seeds where try !H().run(try Self.steppedClockRun(seed: seed)).events.filter({ $0.kind == "clock-reanchor" }).isEmpty {
            reanchored.append(seed)
        }
        #expect(reanchored == Array(2...25))
    }

    /// The simulator's clock jumps 600 s forward for 60 s, 30 % into a 2300-fix run, then returns. Without
    /// re-anchoring every fix stamped before the last jumped time is dropped (the next 600); with it, five
    /// fixes after the return re-anchor the clock 600 s on (one usual step after the last jumped fix), and
    /// every fix is kept.
    @Test func aForwardClockJumpDoesNotEndTheRun() throws {
        var p = SimulationParameters.clean
        p.clockJump.enabled = true
        p.clockJump.at = 0.3
        p.clockJump.offset = 600
        p.clockJump.duration = 60
        let run = try RunSimulator(parameters: p, seed: 5).simulate(route: try RouteScenario.parkLoop.route())
        let fixes = run.track.fixes
        let times = fixes.compactMap(\.time)
        let lastJumped = try #require((0..<(times.count - 1)).first { times[$0 + 1] < times[$0] })
        let stampedBefore = fixes[(lastJumped + 1)...].filter { ($0.time ?? 0) <= times[lastJumped] }.count
        #expect(stampedBefore == 600)

        let plain = try H(parameters: ["reanchor-after": .number(0)]).run(fixes)
        #expect(plain.dropped.count == stampedBefore && Set(plain.dropped.map(\.rule)).isSubset(of: ["not-later", "duplicate-time"]))

        let out = try StageTestSupport.liveEqualsOffline(try H(), fixes)
        #expect(out.kept.count == fixes.count && out.dropped.isEmpty)
        let events = out.events.filter { $0.kind == "clock-reanchor" }
        #expect(events.count == 1 && events.first?.sourceIndex == fixes[lastJumped + 1].sourceIndex)
        #expect(events.first?.fields["offset"] == .number(600))
        #expect(out.kept[(lastJumped + 1)...].allSatisfy { $0.time == (input(fixes, $0.sourceIndex).time ?? 0) + 600 })
        #expect(out.kept[...lastJumped].allSatisfy { $0.time == input(fixes, $0.sourceIndex).time })
    }

    func input(_ fixes: [Fix], _ sourceIndex: Int) -> Fix { fixes.first { $0.sourceIndex == sourceIndex }! }

    /// Earlier fixes that do not continue the track (5 km away) or come fewer than reanchor-after in a row are
    /// dropped as not-later, as without re-anchoring.
    @Test func earlierFixesThatDoNotContinueTheTrackAreDropped() throws {
        var fixes = (0..<10).map { fix($0, t: Double($0), east: 3 * Double($0)) }
        fixes += (10..<16).map { fix($0, t: Double($0 - 8), east: 5000 + 3 * Double($0)) }
        let far = try H().run(fixes)
        #expect(far.keptIndices == Array(0..<10) && far.dropped.map(\.rule) == Array(repeating: "not-later", count: 6))
        #expect(far.events.isEmpty)
        // Four earlier fixes that continue the track, then the clock is right again: dropped, one fix late.
        var short = (0..<10).map { fix($0, t: Double($0), east: 3 * Double($0)) }
        short += (10..<14).map { fix($0, t: Double($0 - 8), east: 3 * Double($0)) }
        short.append(fix(14, t: 14, east: 42))
        let steps = try H().runLive(short)
        #expect(steps.flatMap(\.dropped).map(\.sourceIndex) == [10, 11, 12, 13])
        #expect(steps[14].dropped.map(\.sourceIndex) == [10, 11, 12, 13])
        #expect(steps.flatMap(\.events).isEmpty)
    }

    @Test func conformance() {
        let tracks: [(name: String, track: Track)] = [("empty", Track()), ("one", Track(fixes: TestTracks.straight(count: 1))),
                                                      ("random", Track(fixes: TestTracks.random(seed: 3, count: 200)))]
        #expect(StageConformance.check(TimestampMonotonicityStage.self, on: tracks).isEmpty)
    }

    /// The figures quoted in the stage's documentation.
    @Test func referenceRunDuplicatesAndSwaps() throws {
        let ref = try ReferenceRun.load()
        let out = try H().run(ref.fixes)
        let duplicates = Set(ref.truth.indices.filter { ref.truth[$0].duplicate })
        let swapped = ref.truth.indices.filter { ref.truth[$0].swapped }
        let dupDrops = Set(out.dropped.filter { $0.rule == "duplicate-time" }.map(\.sourceIndex))
        let score = DetectionScore(predicted: dupDrops, actual: duplicates)
        #expect(score.precision == 1 && score.recall == 1, "\(score)")
        // Swapped rows come in adjacent pairs; exactly one of each pair is dropped, and nothing else.
        let pairs = stride(from: 0, to: swapped.count - 1, by: 2).map { Set([swapped[$0], swapped[$0 + 1]]) }
        #expect(pairs.count == 5)
        let notLater = Set(out.dropped.filter { $0.rule == "not-later" }.map(\.sourceIndex))
        #expect(pairs.allSatisfy { $0.intersection(notLater).count == 1 })
        #expect(notLater.count == 5)
    }
}
