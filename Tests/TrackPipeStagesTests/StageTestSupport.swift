import Testing
import TrackPipe
import TrackPipeTesting
@testable import TrackPipeStages

/// Shared checks for the filter stage tests.
enum StageTestSupport {
    /// Runs `S` offline and live on `fixes` and checks the two agree (kept, dropped, changed, events).
    @discardableResult
    static func liveEqualsOffline<S: StreamingStage>(
        _ harness: StageHarness<S>, _ fixes: [Fix], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> StageOutput {
        let offline = try harness.run(fixes)
        let steps = try harness.runLive(fixes)
        let kept = steps.flatMap(\.kept), dropped = steps.flatMap(\.dropped)
        let changed = steps.flatMap(\.changed), events = steps.flatMap(\.events)
        #expect(kept == offline.kept, "live kept differs", sourceLocation: sourceLocation)
        #expect(dropped == offline.dropped, "live dropped differs", sourceLocation: sourceLocation)
        #expect(changed == offline.changed, "live changed differs", sourceLocation: sourceLocation)
        #expect(events == offline.events, "live events differ", sourceLocation: sourceLocation)
        return offline
    }

    /// True when `kept` is `input` with some fixes removed: same order, fixes unchanged.
    static func isOrderedSubset(_ kept: [Fix], of input: [Fix]) -> Bool {
        var j = 0
        for f in kept {
            while j < input.count, input[j] != f { j += 1 }
            if j == input.count { return false }
            j += 1
        }
        return true
    }

    /// The seeds of the property tests.
    static let seeds: [UInt64] = Array(1...25)
}

extension StageOutput {
    /// Source indices of the dropped fixes.
    var droppedIndices: [Int] { dropped.map(\.sourceIndex) }
    var keptIndices: [Int] { kept.map(\.sourceIndex) }
    /// The drop of the fix with `sourceIndex`, if dropped.
    func drop(of sourceIndex: Int) -> Drop? { dropped.first { $0.sourceIndex == sourceIndex } }
}
