import Foundation
import Testing
import TrackPipe
@testable import TrackPipeStages
import TestSupport

@Suite struct RunkeeperPresetTests {
    func load() throws -> Pipeline? {
        let url = TestData.pipelines.appendingPathComponent("runkeeper.json")
        let data = try Data(contentsOf: url)
        switch Pipeline.load(Array(data), source: "pipelines/runkeeper.json", registry: try StageRegistry.builtIn()) {
        case .success(let p): return p
        case .failure(let problems):
            Issue.record("runkeeper.json does not validate: \(problems)")
            return nil
        }
    }

    @Test func validatesAndIsCausal() throws {
        guard let pipeline = try load() else { return }
        #expect(pipeline.steps.map(\.name) == ["accuracy-gate", "timestamp-monotonicity", "superman-jump", "auto-pause"])
        #expect(pipeline.wholeTrackStages.isEmpty)  // the whole preset runs live
    }

    /// The preset on the reference run: every flagged warm-up, invalid, duplicate and jump row goes, one row of
    /// each swapped pair goes, nothing else; both stops are found.
    @Test func referenceRun() throws {
        guard let pipeline = try load() else { return }
        let ref = try ReferenceRun.load()
        let result = try pipeline.run(Track(fixes: ref.fixes))
        let flagged = Set(ref.truth.indices.filter { let t = ref.truth[$0]; return t.warmup || t.invalid || t.duplicate || t.jump })
        let swapped = Set(ref.truth.indices.filter { ref.truth[$0].swapped })
        let dropped = Set(result.dropped.map(\.sourceIndex))
        #expect(flagged.isSubset(of: dropped))
        #expect(dropped.subtracting(flagged).isSubset(of: swapped))
        // The five swapped pairs (truth_2300.csv: rows 417/418, 728/729, 1678/1679, 1790/1791, 2243/2244): one
        // row of each.
        #expect(swapped == [417, 418, 728, 729, 1678, 1679, 1790, 1791, 2243, 2244])
        for first in [417, 728, 1678, 1790, 2243] {
            #expect([first, first + 1].filter(dropped.contains).count == 1, "pair \(first)/\(first + 1)")
        }
        // Both stops found, each as one pause (the AutoPause article: the receiver's speeds say the fixes that
        // wander out of the first stop's circle for two seconds still stand).
        let pauses = try #require(result.annotations[PauseIntervalsKey.self])
        #expect(pauses.count == 2)
        for stop in [622, 1590] {
            let t = try #require(ref.fixes.first { $0.sourceIndex == stop }?.time)
            #expect(pauses.contains { $0.start <= t + 5 && $0.end >= t }, "stop at fix \(stop)")
        }
    }
}
