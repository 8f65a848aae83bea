import Testing
@testable import TrackPipe

@Suite struct PipelineRunnerTests {
    func pipeline(_ text: String) throws -> Pipeline {
        try Pipeline.load(Array(text.utf8), registry: try testRegistry()).get()
    }

    @Test func everyRecordIsKeptOrDroppedWhereExpectedIncludingReaderRejections() throws {
        let p = try pipeline(#"{"version": 1, "stages": [{"stage": "drop-odd"}, {"stage": "counting", "required-thing": 1}]}"#)
        var track = Track(fixes: equatorFixes(10))
        track.rejected = [RejectedRecord(sourceIndex: 10, line: 12, rule: "latitude-out-of-range", reason: "lat 91")]
        let r = try p.run(track)
        #expect(r.input.records == 11)
        #expect(r.track.fixes.map(\.sourceIndex) == [0, 2, 4, 6, 8])
        // The reader's rejection first, then drop-odd's in order.
        #expect(r.dropped.map(\.sourceIndex) == [10, 1, 3, 5, 7, 9])
        #expect(r.dropped.map(\.stage) == ["read"] + Array(repeating: "drop-odd", count: 5))
        #expect(r.stages.map(\.label) == ["read", "drop-odd", "counting"])
        #expect(r.stages[1].dropsByRule == ["odd": 5])
        #expect(r.summaryValue("count") == 5)
        #expect(r.events.map(\.kind) == ["done"])
        // Per stage, counted by hand: read takes 11 records and passes the 10 fixes; drop-odd drops 5 of them.
        #expect(r.stages.map(\.fixesIn) == [11, 10, 5])
        #expect(r.stages.map(\.fixesOut) == [10, 5, 5])
        #expect(r.stages.map(\.dropped) == [1, 5, 0])
    }

    /// Two stages that make fixes: the first numbers its 5 from the record count (10 records: 10…14, above the
    /// reader's rejected record 9 too), the second its 10 above those (15…24); the result lists all 15 and read +
    /// made = kept + dropped. A stage numbering its made fixes below the first fresh index is an error.
    @Test func madeFixesAreNumberedAboveEverythingTheRunHasSeen() throws {
        let p = try pipeline(#"{"version": 1, "stages": [{"stage": "drop-odd"}, {"stage": "making"}, {"stage": "making", "label": "making-again"}]}"#)
        var track = Track(fixes: equatorFixes(9))
        track.rejected = [RejectedRecord(sourceIndex: 9, line: 11, rule: "latitude-out-of-range", reason: "lat 91")]
        let r = try p.run(track)
        #expect(r.input.records == 10)
        #expect(r.made.map(\.sourceIndex) == Array(10..<15) + Array(15..<25))
        #expect(r.stages.map(\.made) == [nil, nil, 5, 10])
        #expect(r.input.records + r.made.count == r.track.fixes.count + r.dropped.count)
        let stale = try pipeline(#"{"version": 1, "stages": [{"stage": "drop-odd"}, {"stage": "making", "stale": true}]}"#)
        #expect(throws: PipelineError.self) { try stale.run(Track(fixes: equatorFixes(9))) }
    }

    /// The runner checks every stage's accounting: losing a fix, counting one twice, or keeping one twice in
    /// place of another each stops the run with an error naming the stage, after a stage that is fine.
    @Test(arguments: [("losing", "3 fixes in, 2 kept + 0 dropped"), ("double-counting", "3 fixes in, 3 kept + 1 dropped"),
                      ("swapping", "source index 0 reported more often than it came in")])
    func aStageThatBreaksAccountingIsAnErrorNotASilentLoss(stage: String, detail: String) throws {
        let p = try pipeline(#"{"version": 1, "stages": [{"stage": "counting", "required-thing": 1}, {"stage": "\#(stage)"}]}"#)
        #expect(throws: PipelineError.accountingBroken(stage: stage, detail: detail)) { try p.run(Track(fixes: equatorFixes(3))) }
    }

    /// On a long track consecutive stages that only measure run side by side; what the run reports is what running
    /// them one after another gives: each stage's figure over the fixes it was given (worked out here from the
    /// fixes), the events in stage order, annotations merged in stage order, the per-stage counts.
    @Test func stagesThatOnlyMeasureRunSideBySideAsInOrder() throws {
        let p = try pipeline(#"{"version": 1, "stages": [{"stage": "measuring", "label": "m1"}, {"stage": "measuring", "label": "m2"}, {"stage": "measuring", "label": "m3"}, {"stage": "drop-odd"}, {"stage": "measuring", "label": "m4"}, {"stage": "measuring", "label": "m5"}]}"#)
        let n = Pipeline.sideBySideThreshold + 3000
        let fixes = equatorFixes(n)
        func weighted(_ fixes: [Fix]) -> Double {
            var sum = 0.0
            for (k, f) in fixes.enumerated() { sum += Double(k + 1) * f.longitude }
            return sum
        }
        let all = weighted(fixes), even = weighted(fixes.filter { $0.sourceIndex % 2 == 0 })
        let r = try p.run(Track(fixes: fixes))
        for (label, expected) in [("m1", all), ("m2", all), ("m3", all), ("m4", even), ("m5", even)] {
            #expect(r.summaryValue("weighted-\(label)") == expected)
        }
        #expect(r.annotations[MeasuredKey.self] == ["m5": even])
        let milestones = stride(from: 0, to: n, by: 5000).map { "milestone@\($0)" }
        let evenMilestones = milestones  // every multiple of 5000 is even: drop-odd keeps them
        #expect(r.events.map { "\($0.kind)@\($0.sourceIndex ?? -1)" }
            == milestones + milestones + milestones + ["done@-1"] + evenMilestones + evenMilestones)
        #expect(r.events.map(\.stage) == Array(repeating: "m1", count: milestones.count) + Array(repeating: "m2", count: milestones.count)
            + Array(repeating: "m3", count: milestones.count) + ["drop-odd"] + Array(repeating: "m4", count: evenMilestones.count)
            + Array(repeating: "m5", count: evenMilestones.count))
        #expect(r.stages.map(\.label) == ["read", "m1", "m2", "m3", "drop-odd", "m4", "m5"])
        let half = (n + 1) / 2
        #expect(r.stages.map(\.fixesIn) == [n, n, n, n, n, half, half])
        #expect(r.stages.map(\.fixesOut) == [n, n, n, n, half, half, half])
        #expect(r.track.fixes == fixes.filter { $0.sourceIndex % 2 == 0 })
        #expect(r.dropped.count == n - half)
    }

    /// A stage that says it only measures and drops a fix fails the run, short track or long (side by side).
    @Test(arguments: [10, Pipeline.sideBySideThreshold + 10])
    func aStageThatMeasuresOnlyMustNotDrop(count: Int) throws {
        let p = try pipeline(#"{"version": 1, "stages": [{"stage": "measuring"}, {"stage": "falsely-measuring"}]}"#)
        #expect(throws: PipelineError.accountingBroken(stage: "falsely-measuring", detail: "it declares that it only measures, but it dropped, changed or made fixes")) {
            try p.run(Track(fixes: equatorFixes(count)))
        }
    }

    @Test func liveRefusesWholeTrackStagesNamingThem() throws {
        let p = try pipeline(#"{"version": 1, "stages": [{"stage": "drop-odd"}, {"stage": "counting", "label": "tally", "required-thing": 1}]}"#)
        #expect(throws: PipelineError.notCausal(stages: ["tally"])) { _ = try p.live() }
    }

    @Test func liveMatchesOfflineAndDecidesPerFix() throws {
        let p = try pipeline(#"{"version": 1, "stages": [{"stage": "drop-odd"}, {"stage": "drop-odd", "label": "again"}]}"#)
        let fixes = equatorFixes(7)
        let offline = try p.run(Track(fixes: fixes))
        var live = try p.live()
        var accepted: [Fix] = []
        var dropped: [Drop] = []
        for fix in fixes {
            let out = try live.push(fix)
            // Every fix is decided as soon as it is pushed.
            #expect(out.count == 1)
            for o in out {
                if case .accepted(let f) = o { accepted.append(f) }
                if case .dropped(let d) = o { dropped.append(d) }
            }
        }
        let tail = try live.finish()
        #expect(tail.count == 2)  // one "done" event per stage
        #expect(accepted == offline.track.fixes)
        #expect(dropped == offline.dropped)
        #expect(try live.finish().isEmpty)
    }

    @Test func emptyPipelineOnlyReads() throws {
        let p = try pipeline(#"{"version": 1, "name": "raw", "stages": []}"#)
        let r = try p.run(Track(fixes: equatorFixes(4)))
        #expect(r.track.fixes.count == 4)
        #expect(r.provenance.pipelineName == "raw")
        #expect(r.provenance.trackpipeVersion == TrackPipeVersion.current)
    }

    @Test func registryRefusesDuplicatesAndBadNames() throws {
        var r = try testRegistry()
        #expect(throws: StageRegistry.Failure.duplicateName("drop-odd")) { try r.register(DropOddStage.self) }
        #expect(StageRegistry.isKebabCase("accuracy-gate"))
        #expect(!StageRegistry.isKebabCase("Accuracy_gate"))
        #expect(!StageRegistry.isKebabCase("a--b"))
        // By hand: what the rule admits and refuses at each end and in between.
        for name in ["a", "a1", "track-400", "a-b-c", "x9-y"] { #expect(StageRegistry.isKebabCase(name), "\(name)") }
        for name in ["", "-a", "a-", "1a", "-", "a_b", "aé", "é", "a b", "A", "a\u{301}", "a--", "a.b"] {
            #expect(!StageRegistry.isKebabCase(name), "\(name)")
        }
    }

    /// A host factory builds the stage, but only after the spec's parameters passed the descriptor's checks.
    @Test func hostFactoryBuildsTheStageAfterValidation() throws {
        var r = try testRegistry()
        #expect(throws: StageRegistry.Failure.notRegistered("nope")) { try r.setFactory(for: "nope") { try LosingStage(parameters: $0) } }
        try r.setFactory(for: "drop-odd") { try LosingStage(parameters: $0) }
        let built = try r.makeStage(named: "drop-odd", parameters: [:], path: "$.stages[0]").get()
        #expect(built is LosingStage)
        let refused = r.makeStage(named: "drop-odd", parameters: ["limit": .number(-1)], path: "$.stages[0]")
        guard case .failure(let problems) = refused else { Issue.record("an out-of-range parameter was accepted"); return }
        #expect(problems.description.contains("$.stages[0].limit"))
    }
}
