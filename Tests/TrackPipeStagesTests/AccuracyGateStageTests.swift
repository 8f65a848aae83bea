import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

@Suite struct AccuracyGateStageTests {
    typealias H = StageHarness<AccuracyGateStage>
    func fix(_ i: Int, t: Double?, east: Double = 0, accuracy: Double? = 5, vertical: Double? = nil, hdop: Double? = nil) -> Fix {
        TestTracks.fix(i, t: t, east: east, accuracy: accuracy, vertical: vertical, hdop: hdop)
    }

    @Test func keepsExactlyAtThresholdDropsJustAbove() throws {
        let out = try H().run([fix(0, t: 0, accuracy: 20), fix(1, t: 1, east: 3, accuracy: 20.001)])
        #expect(out.keptIndices == [0])
        let d = try #require(out.drop(of: 1))
        #expect(d.rule == "max-horizontal-accuracy")
        #expect(d.measured == 20.001)
        #expect(d.threshold == 20)
        #expect(d.unit == .metres)
    }

    @Test func negativeAccuracyIsInvalid() throws {
        let out = try H().run([fix(0, t: 0, accuracy: -1), fix(1, t: 1, accuracy: 0)])
        #expect(out.drop(of: 0)?.rule == "invalid-horizontal-accuracy")
        #expect(out.drop(of: 0)?.measured == -1)
        #expect(out.keptIndices == [1])  // zero accuracy is valid (and exact)
    }

    @Test func unknownAccuracyKeptUnlessAsked() throws {
        let fixes = [fix(0, t: 0, accuracy: nil)]
        #expect(try H().run(fixes).keptIndices == [0])
        let out = try H(parameters: ["drop-unknown-accuracy": .bool(true)]).run(fixes)
        #expect(out.drop(of: 0)?.rule == "unknown-horizontal-accuracy")
    }

    @Test func negativeVerticalAccuracyIsACellFix() throws {
        let fixes = [fix(0, t: 0, vertical: -1), fix(1, t: 1, vertical: 0)]
        let out = try H().run(fixes)
        #expect(out.drop(of: 0)?.rule == "invalid-vertical-accuracy")
        #expect(out.keptIndices == [1])
        #expect(try H(parameters: ["drop-invalid-vertical-accuracy": .bool(false)]).run(fixes).keptIndices == [0, 1])
    }

    @Test func hdopOnlySourcesUseTheEstimate() throws {
        // HDOP 4 × 5 m = 20 m: exactly at the threshold, kept; HDOP 4.2 → 21 m, dropped.
        let fixes = [fix(0, t: 0, accuracy: nil, hdop: 4), fix(1, t: 1, accuracy: nil, hdop: 4.2)]
        let out = try H().run(fixes)
        #expect(out.keptIndices == [0])
        let d = try #require(out.drop(of: 1))
        #expect(d.rule == "max-horizontal-accuracy")
        #expect(abs((d.measured ?? 0) - 21) < 1e-9)
    }

    @Test func maxHDOPGatesHDOPOnlySources() throws {
        var estimated = fix(2, t: 2, accuracy: nil, hdop: 3.5)
        estimated.estimateAccuracyFromHDOPIfMissing()  // as a reader does: accuracy 17.5 m, estimated
        let fixes = [fix(0, t: 0, accuracy: nil, hdop: 3), fix(1, t: 1, accuracy: nil, hdop: 3.01), estimated,
                     fix(3, t: 3, accuracy: 30, hdop: 1)]
        let out = try H(parameters: ["max-hdop": .number(3)]).run(fixes)
        #expect(out.keptIndices == [0])
        #expect(out.drop(of: 1)?.rule == "max-hdop")
        #expect(out.drop(of: 1)?.threshold == 3)
        #expect(out.drop(of: 2)?.rule == "max-hdop")
        // A measured accuracy is judged on accuracy even when HDOP is present.
        #expect(out.drop(of: 3)?.rule == "max-horizontal-accuracy")
    }

    /// The `hdop-drops` summary, by hand: 50 fixes judged on HDOP alone (no accuracy; two as a reader leaves them,
    /// with the estimate filled in), 10 of them (a fifth) at HDOP 4.2 (21 m): the summary says 10 of 50 (20 %); 9 of
    /// them, or 49 fixes with 10 over, or any number with `max-hdop` set: none. Fixes with an accuracy of their own
    /// are not counted.
    @Test func manyDropsOnHDOPAloneNameTheOsmAndPreset() throws {
        func run(_ count: Int, over: Int, parameters: [String: JSONValue] = [:]) throws -> StageOutput {
            var fixes = (0..<count).map { i in fix(i, t: Double(i), east: 3 * Double(i), accuracy: nil, hdop: i < over ? 4.2 : 2) }
            fixes[count - 1].estimateAccuracyFromHDOPIfMissing()
            fixes[count - 2].estimateAccuracyFromHDOPIfMissing()
            fixes.append(fix(count, t: Double(count), accuracy: 30))  // its own accuracy: dropped, not counted
            return try H(parameters: parameters).run(fixes)
        }
        let hint = try #require(try run(50, over: 10).summary.first { $0.key == "hdop-drops" })
        #expect(hint.value == 10 && hint.unit == .count)
        #expect(hint.text?.hasPrefix("of 50 fixes judged on HDOP × 5 m (20 %)") == true)
        #expect(hint.text?.contains("--pipeline osmand-hdop") == true)
        #expect(try run(50, over: 9).summary.isEmpty)
        #expect(try run(49, over: 10).summary.isEmpty)
        #expect(try run(50, over: 10, parameters: ["max-hdop": .number(4)]).summary.isEmpty)
        // Fixes the warm-up allowance keeps are not drops: 10 moving warm-up fixes at HDOP 4.2 (the first two dropped,
        // before three speeds say the runner moves; eight kept), 42 at HDOP 2, 8 more at 4.2 (dropped): 10 of 60,
        // under a fifth (counting the kept ones, 18).
        var warmUp = (0..<60).map { i in fix(i, t: Double(i), east: 3 * Double(i), accuracy: nil, hdop: i < 10 || i >= 52 ? 4.2 : 2) }
        for i in warmUp.indices { warmUp[i].speed = 3 }
        let allowed = try H(parameters: ["warm-up-max-horizontal-accuracy": .number(300)]).run(warmUp)
        #expect(allowed.keptIndices.count == 50)
        #expect(allowed.summary.isEmpty)
    }

    @Test func noFixQualityIsDropped() throws {
        var noFix = fix(0, t: 0, accuracy: 3)
        noFix.fixQuality = FixQuality.none
        #expect(try H().run([noFix]).drop(of: 0)?.rule == "no-fix")
        #expect(try H(parameters: ["drop-no-fix": .bool(false)]).run([noFix]).keptIndices == [0])
    }

    @Test func warmUpNeedsConsecutivePassingFixes() throws {
        let acc: [Double] = [50, 10, 10, 50, 10, 10, 10, 10]
        let fixes = acc.enumerated().map { fix($0.offset, t: Double($0.offset), accuracy: $0.element) }
        let out = try H(parameters: ["warm-up-settle-fixes": .number(3)]).run(fixes)
        #expect(out.keptIndices == [6, 7])
        #expect(out.dropped.map(\.rule) == ["max-horizontal-accuracy", "warm-up", "warm-up", "max-horizontal-accuracy",
                                             "warm-up", "warm-up"])
        // After warm-up the threshold still applies but warm-up never restarts.
        let later = fixes + [fix(8, t: 8, accuracy: 50), fix(9, t: 9, accuracy: 10)]
        #expect(try H(parameters: ["warm-up-settle-fixes": .number(3)]).run(later).keptIndices == [6, 7, 9])
    }

    /// The warm-up allowance keeps a fix over the threshold only while no fix has passed it yet, only when the
    /// receiver's speeds of the last 5 s (at least 3 of them, the fix's own included) average 1 m/s or more, and
    /// only up to the allowance; everything else is judged as without it.
    @Test func warmUpAllowanceKeepsMovingFixesUntilTheFirstPass() throws {
        // accuracy, speed, one fix a second: 400 (over the allowance), 250 (two speeds so far), 150 (three: kept),
        // 120 without a speed, 60, 40, 12 (passes: warm-up over), then 60 with a speed again (after the warm-up).
        let rows: [(Double, Double?)] = [(400, 2), (250, 2), (150, 2), (120, nil), (60, 2.5), (40, 2.6), (12, 2.7),
                                         (60, 2.7), (10, 2.8)]
        let fixes = rows.enumerated().map { k, row in
            TestTracks.fix(k, t: Double(k), east: 3 * Double(k), accuracy: row.0, speed: row.1)
        }
        let allowance: [String: JSONValue] = ["warm-up-max-horizontal-accuracy": .number(300)]
        let out = try StageTestSupport.liveEqualsOffline(try H(parameters: allowance), fixes)
        #expect(out.keptIndices == [2, 4, 5, 6, 8])
        #expect(out.dropped.map(\.rule) == Array(repeating: "max-horizontal-accuracy", count: 4))
        #expect(out.dropped.map(\.sourceIndex) == [0, 1, 3, 7])
        let event = try #require(out.events.first { $0.kind == "warm-up-allowance" })
        #expect(event.fields["fixes"] == .number(3))
        #expect(event.fields["max-horizontal-accuracy-m"] == .number(300))
        #expect(event.fields["settled"] == .bool(true))
        #expect(event.sourceIndex == 6)
        // Without the allowance the same fixes lose the warm-up; with fixes that carry no speed it changes nothing.
        #expect(try H().run(fixes).keptIndices == [6, 8])
        let speedless = fixes.map { f -> Fix in var f = f; f.speed = nil; return f }
        let plain = try H().run(speedless)
        let allowed = try H(parameters: allowance).run(speedless)
        #expect(allowed.keptIndices == plain.keptIndices && allowed.dropped == plain.dropped && allowed.events.isEmpty)
        // A track that never settles keeps its allowed fixes and says the warm-up did not end.
        let unsettled = try H(parameters: allowance).run(Array(fixes.prefix(5)))
        #expect(unsettled.keptIndices == [2, 4])
        #expect(unsettled.events.first { $0.kind == "warm-up-allowance" }?.fields["settled"] == .bool(false))
    }

    /// A standing receiver's warm-up is dropped whole, even where one reading says 1.5 m/s: the mean of the last
    /// 5 s decides, not one speed.
    @Test func warmUpAllowanceDropsAStandingWarmUp() throws {
        let speeds = [0.2, 0.1, 0.3, 1.5, 0.2, 0.2, 0.1, 0.3]
        var fixes = speeds.enumerated().map { k, v in
            TestTracks.fix(k, t: Double(k), east: 40 * Double(k % 3), accuracy: 150 - 10 * Double(k), speed: v)
        }
        fixes.append(TestTracks.fix(8, t: 8, accuracy: 8, speed: 0.2))
        let out = try StageTestSupport.liveEqualsOffline(try H(parameters: ["warm-up-max-horizontal-accuracy": .number(300)]), fixes)
        #expect(out.keptIndices == [8])
        #expect(out.events.isEmpty)
        // A corrupt speed (faster than the activity's jump speed) is not read, as auto-pause and track-smoother
        // do not read it: without that, 10⁹ m/s would make the mean of any window "moving".
        var corrupt = fixes
        corrupt[3].speed = 1e9
        let withCorrupt = try H(parameters: ["warm-up-max-horizontal-accuracy": .number(300)]).run(corrupt)
        #expect(withCorrupt.keptIndices == [8])
    }

    @Test func warmUpAllowanceRefusesWhatContradictsIt() {
        #expect(throws: AccuracyGateStage.Problem.allowanceBelowThreshold(allowance: 10, threshold: 20)) {
            try H(parameters: ["warm-up-max-horizontal-accuracy": .number(10)])
        }
        #expect(throws: AccuracyGateStage.Problem.allowanceWithSettleFixes) {
            try H(parameters: ["warm-up-max-horizontal-accuracy": .number(100), "warm-up-settle-fixes": .number(3)])
        }
    }

    @Test func edgeCases() throws {
        #expect(try H().run([]).kept.isEmpty)
        #expect(try H().run([fix(0, t: nil)]).keptIndices == [0])
        let allInvalid = (0..<10).map { fix($0, t: Double($0), accuracy: -1) }
        let out = try H().run(allInvalid)
        #expect(out.kept.isEmpty && out.dropped.count == 10)
        let nan = fix(0, t: 0, accuracy: .nan)
        #expect(try H().run([nan]).drop(of: 0)?.rule == "invalid-horizontal-accuracy")
    }

    @Test(arguments: StageTestSupport.seeds) func neverAddsOrReorders(seed: UInt64) throws {
        let fixes = TestTracks.random(seed: seed, count: 300)
        let out = try StageTestSupport.liveEqualsOffline(try H(), fixes)
        #expect(StageTestSupport.isOrderedSubset(out.kept, of: fixes))
    }

    @Test func conformance() {
        let tracks: [(name: String, track: Track)] = [("empty", Track()), ("one", Track(fixes: TestTracks.straight(count: 1))),
                                                      ("random", Track(fixes: TestTracks.random(seed: 7, count: 200)))]
        #expect(StageConformance.check(AccuracyGateStage.self, on: tracks).isEmpty)
    }

    /// The measured figure quoted in the stage's documentation: every warm-up and invalid row, nothing else.
    @Test func referenceRunPrecisionAndRecall() throws {
        let ref = try ReferenceRun.load()
        let out = try H().run(ref.fixes)
        let actual = Set(ref.truth.indices.filter { ref.truth[$0].warmup || ref.truth[$0].invalid })
        let score = DetectionScore(predicted: Set(out.droppedIndices), actual: actual)
        #expect(actual.count == 24)
        #expect(score.precision == 1 && score.recall == 1, "\(score)")
    }
}
