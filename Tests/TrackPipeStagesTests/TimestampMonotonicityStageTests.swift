import Testing
import TrackPipe
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
            let out = try StageTestSupport.liveEqualsOffline(try H(parameters: ["prefer-accurate-duplicate": .bool(prefer)]), fixes)
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
