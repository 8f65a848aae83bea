import Foundation
import Testing
import TrackPipe
import TrackPipeIO
import TestSupport

/// `LivePipeline` is a value: a copy taken mid-run goes on from where the original stood, and neither sees the
/// other's pushes — as a fresh pipeline fed the same fixes would. The default pipeline's causal stages all keep
/// state (auto-pause holds fixes back, distance, splits and badges accumulate), on the stop-and-go dataset.
@Suite struct LivePipelineCopyTests {
    /// `LivePipeline.Output`, comparable (its payloads are).
    enum Said: Equatable {
        case accepted(Fix), dropped(Drop), changed(FixChange), event(StageEvent)

        init(_ output: LivePipeline.Output) {
            switch output {
            case .accepted(let f): self = .accepted(f)
            case .dropped(let d): self = .dropped(d)
            case .changed(let c): self = .changed(c)
            case .event(let e): self = .event(e)
            }
        }
    }

    /// Everything a run of pushes and the finish put out, and the summary after.
    func run(_ live: inout LivePipeline, _ fixes: ArraySlice<Fix>) throws -> (outputs: [Said], summary: [SummaryItem]) {
        var outputs: [Said] = []
        for fix in fixes { outputs += try live.push(fix).map(Said.init) }
        outputs += try live.finish().map(Said.init)
        return (outputs, live.summary)
    }

    @Test func aCopyGoesOnFromWhereTheOriginalStoodAndNeitherSeesTheOther() throws {
        let track = try TrackReader.read(path: TestData.datasets.appendingPathComponent("stop-and-go.gpx").path)
        let fixes = track.fixes
        try #require(fixes.count >= 2000)
        let pipeline = try TestPipelines.preset("default").causalPart()
        let prefix = fixes[..<1000]
        let (left, right) = (fixes[1000..<1600], fixes[1400...])  // two different continuations

        var original = try pipeline.live()
        for fix in prefix { _ = try original.push(fix) }
        var copy = original
        let fromOriginal = try run(&original, left)
        let fromCopy = try run(&copy, right)

        // Each as a pipeline fed its whole sequence from the start puts it out after the prefix.
        func fresh(_ continuation: ArraySlice<Fix>) throws -> (outputs: [Said], summary: [SummaryItem]) {
            var live = try pipeline.live()
            for fix in prefix { _ = try live.push(fix) }
            return try run(&live, continuation)
        }
        let expectedLeft = try fresh(left), expectedRight = try fresh(right)
        #expect(fromOriginal.outputs == expectedLeft.outputs)
        #expect(fromOriginal.summary == expectedLeft.summary)
        #expect(fromCopy.outputs == expectedRight.outputs)
        #expect(fromCopy.summary == expectedRight.summary)
        // And the continuations did differ, so a shared state would have shown.
        #expect(expectedLeft.outputs != expectedRight.outputs)
        #expect(original.pushed == 1600 && copy.pushed == 1000 + fixes.count - 1400)
    }
}
