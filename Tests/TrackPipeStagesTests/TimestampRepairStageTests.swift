import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

@Suite struct TimestampRepairStageTests {
    typealias H = StageHarness<TimestampRepairStage>
    static let base = 1_700_000_000.0

    /// A run east at 3 m/s, 1 Hz, whose recorded times are `times` (seconds after the base).
    func run(times: [Double?]) -> [Fix] {
        times.enumerated().map { TestTracks.fix($0.offset, t: $0.element, east: Double($0.offset) * 3) }
    }

    @Test func isNotCausal() {
        #expect(!TimestampRepairStage.isCausal)
        #expect(TimestampMonotonicityStage.isCausal)
    }

    @Test func sortRestoresSwappedRowsAndDedupes() throws {
        let fixes = run(times: [0, 1, 3, 2, 4, 4, 5, nil])
        for policy in ["sort", "repair"] {
            let out = try H(parameters: ["policy": .string(policy)]).run(fixes)
            #expect(out.keptIndices == [0, 1, 3, 2, 4, 6])
            #expect(out.dropped.map(\.rule).sorted() == ["duplicate-time", "missing-time"])
            #expect(out.drop(of: 5)?.rule == "duplicate-time")  // equal accuracy: the first in the file stays
            #expect(out.events.isEmpty)  // a swap of 1 s is not a clock jump
            #expect(out.changed.isEmpty)
        }
    }

    @Test func backwardClockJumpIsRepaired() throws {
        // The clock goes back one hour at fix 10; positions keep their 3 m steps.
        let times: [Double] = (0..<20).map { $0 < 10 ? Double($0) : Double($0) - 3600 }
        let out = try H().run(run(times: times))
        #expect(out.keptIndices == Array(0..<20))
        #expect(out.kept.map { ($0.time ?? 0) - Self.base } == (0..<20).map(Double.init))
        #expect(out.changed.map(\.original.sourceIndex) == Array(10..<20))
        let jump = try #require(out.events.first)
        #expect(out.events.count == 1)
        #expect(jump.kind == "clock-jump")
        #expect(jump.sourceIndex == 10)
        // Step recorded: (10 − 3600) − 9 = −3599 s; interval 1 s; jump = −3600 s.
        #expect(jump.fields["size-s"] == .number(-3600))
        #expect(jump.fields["step-s"] == .number(-3599))
        #expect(jump.fields["repaired"] == .bool(true))
    }

    @Test func sortPolicyReportsButDoesNotRepair() throws {
        let times: [Double] = (0..<20).map { $0 < 10 ? Double($0) : Double($0) - 3600 }
        let out = try H(parameters: ["policy": .string("sort")]).run(run(times: times))
        #expect(out.events.map(\.kind) == ["clock-jump"])
        #expect(out.events.first?.fields["repaired"] == .bool(false))
        // Sorting a track whose clock went back scrambles it: the later half comes first.
        #expect(out.keptIndices == Array(10..<20) + Array(0..<10))
    }

    @Test func forwardJumpCancelledLaterIsRepaired() throws {
        // Fixes 5…7 stamped one hour ahead, the clock set right again at fix 8.
        let times: [Double] = (0..<12).map { (5...7).contains($0) ? Double($0) + 3600 : Double($0) }
        let out = try H().run(run(times: times))
        #expect(out.kept.map { ($0.time ?? 0) - Self.base } == (0..<12).map(Double.init))
        #expect(out.events.compactMap(\.sourceIndex) == [5, 8])
        #expect(out.changed.map(\.original.sourceIndex) == [5, 6, 7])
    }

    @Test func stationaryLoggingGapIsNotAJumpByDefault() throws {
        // A logger that stopped recording for 10 min while standing: a forward step, no movement.
        var fixes = (0..<10).map { TestTracks.fix($0, t: Double($0), east: Double($0) * 3) }
        fixes += (10..<20).map { TestTracks.fix($0, t: Double($0) + 600, east: Double($0 - 1) * 3) }
        let out = try H().run(fixes)
        #expect(out.events.isEmpty && out.changed.isEmpty)
        let forward = try H(parameters: ["detect-forward-jumps": .bool(true)]).run(fixes)
        #expect(forward.events.first?.fields["size-s"] == .number(600))
        #expect(forward.kept.map { ($0.time ?? 0) - Self.base } == (0..<20).map(Double.init))
    }

    @Test func signalGapThatMovedIsNotAJump() throws {
        // 90 s without fixes while running on at 3 m/s: 270 m moved, far more than a normal step.
        var fixes = (0..<10).map { TestTracks.fix($0, t: Double($0), east: Double($0) * 3) }
        fixes += (10..<20).map { TestTracks.fix($0, t: Double($0) + 90, east: Double($0 + 90) * 3) }
        let out = try H(parameters: ["detect-forward-jumps": .bool(true)]).run(fixes)
        #expect(out.events.isEmpty && out.changed.isEmpty)
    }

    @Test func atTheMinJumpBoundary() throws {
        // Interval 1 s; a backward step of −59 s deviates by exactly 60 s = min-jump: a jump. −58 s is not.
        let at = (0..<10).map { Double($0) } + (10..<20).map { Double($0) - 60 }
        #expect(try H().run(run(times: at)).events.first?.fields["size-s"] == .number(-60))
        let under = (0..<10).map { Double($0) } + (10..<20).map { Double($0) - 59 }
        #expect(try H().run(run(times: under)).events.isEmpty)
    }

    @Test func edgeCases() throws {
        #expect(try H().run([]).kept.isEmpty)
        #expect(try H().run(run(times: [3])).keptIndices == [0])
        #expect(try H().run(run(times: [nil, nil])).dropped.count == 2)
        // All at one position and one time: one survives, no jump (no positive step to learn an interval from).
        let same = try H().run((0..<5).map { TestTracks.fix($0, t: 0) })
        #expect(same.keptIndices == [0] && same.events.isEmpty)
    }

    @Test(arguments: StageTestSupport.seeds) func outputStrictlyIncreasing(seed: UInt64) throws {
        let fixes = TestTracks.random(seed: seed, count: 300)
        for policy in ["sort", "repair"] {
            let out = try H(parameters: ["policy": .string(policy), "detect-forward-jumps": .bool(seed % 2 == 0)]).run(fixes)
            let times = out.kept.compactMap(\.time)
            #expect(times.count == out.kept.count)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
            // Positions are never touched, only times.
            let byIndex = Dictionary(uniqueKeysWithValues: fixes.map { ($0.sourceIndex, $0) })
            #expect(out.kept.allSatisfy { $0.latitude == byIndex[$0.sourceIndex]?.latitude && $0.longitude == byIndex[$0.sourceIndex]?.longitude })
        }
    }

    @Test func conformance() {
        let tracks: [(name: String, track: Track)] = [("empty", Track()), ("one", Track(fixes: TestTracks.straight(count: 1))),
                                                      ("random", Track(fixes: TestTracks.random(seed: 5, count: 200)))]
        #expect(StageConformance.check(TimestampRepairStage.self, on: tracks).isEmpty)
    }

    @Test func referenceRun() throws {
        let ref = try ReferenceRun.load()
        let out = try H().run(ref.fixes)
        let duplicates = Set(ref.truth.indices.filter { ref.truth[$0].duplicate })
        let score = DetectionScore(predicted: Set(out.droppedIndices), actual: duplicates)
        #expect(score.precision == 1 && score.recall == 1, "\(score)")
        #expect(out.events.isEmpty)  // the reference run has no clock jumps
        // Every swapped row is kept, in time order.
        let swapped = ref.truth.indices.filter { ref.truth[$0].swapped }
        #expect(Set(swapped).isSubset(of: Set(out.keptIndices)))
        let times = out.kept.compactMap(\.time)
        #expect(times.count == out.kept.count && zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        // Each swapped pair (i, i + 1; the second recorded earlier) comes out second-first.
        let position = Dictionary(uniqueKeysWithValues: out.keptIndices.enumerated().map { ($1, $0) })
        for i in swapped where swapped.contains(i + 1) {
            #expect((position[i + 1] ?? -1) < (position[i] ?? -1), "pair \(i)/\(i + 1)")
        }
    }
}
