import Testing
import TrackPipeLab
@testable import TrackPipe

/// The kept + dropped = read check: every input fix accounted for exactly once, by source index — with indices
/// numbered densely from 0 (the usual case, counted in an array at once), dense elsewhere (counted in an array
/// over their measured range) and scattered far apart (counted in a dictionary), so every way of counting is
/// exercised on the same cases.
struct PipelineAccountingTests {
    static func fixes(_ indices: [Int]) -> [Fix] {
        indices.map { Fix(time: Double($0), latitude: 0, longitude: 0, sourceIndex: $0) }
    }

    static func drop(_ i: Int) -> Drop {
        Drop(fix: nil, sourceIndex: i, stage: "s", rule: "r")
    }

    /// The same index layouts, dense from 0 (with a duplicate, as a reader may give two fixes one record, and a gap
    /// at 4, as a stage upstream may have dropped it), dense far from 0, and sparse.
    static let layouts: [[Int]] = [
        [0, 1, 2, 3, 3, 5, 6], [1000, 1001, 1002, 1003, 1003, 1005, 1006], [-7, 1_000_000, 3, Int.max, Int.min, Int.min, 42],
    ]

    @Test(arguments: layouts)
    func everyFixKeptOrDroppedOncePasses(indices: [Int]) throws {
        let input = Self.fixes(indices)
        // Kept in another order and some dropped: still each exactly once.
        let output = StageOutput(kept: Self.fixes(Array(indices.dropFirst(2).reversed())), dropped: indices.prefix(2).map(Self.drop))
        try PipelineAccounting.check(input: input, output: output, stage: "s")
        try PipelineAccounting.check(input: [], output: StageOutput(kept: []), stage: "s")
    }

    @Test(arguments: layouts)
    func aFixReportedTwiceOrInventedFails(indices: [Int]) {
        let input = Self.fixes(indices)
        // Right count, but the first index twice and the last never: reported more often than it came in.
        var twice = indices
        twice[twice.count - 1] = twice[0]
        #expect(throws: PipelineError.self) {
            try PipelineAccounting.check(input: input, output: StageOutput(kept: Self.fixes(twice)), stage: "s")
        }
        // Right count, but an index that never came in: inside the input's range (a gap), just above it, far off.
        for invented in [4, indices.max()! == Int.max ? 17 : indices.max()! + 1, 2_000_000_000] where !indices.contains(invented) {
            var other = indices
            other[0] = invented
            #expect(throws: PipelineError.self) {
                try PipelineAccounting.check(input: input, output: StageOutput(kept: Self.fixes(other)), stage: "s")
            }
        }
        // A fix neither kept nor dropped.
        #expect(throws: PipelineError.self) {
            try PipelineAccounting.check(input: input, output: StageOutput(kept: Self.fixes(Array(indices.dropLast()))), stage: "s")
        }
    }

    /// A stage that makes fixes (resampling): received + made = kept + dropped, each made fix kept once under an
    /// index no input fix has; reusing an input index, listing one twice, not keeping it, dropping it or keeping
    /// it twice is an error.
    @Test(arguments: layouts)
    func madeFixesAreKeptOnceUnderFreshIndices(indices: [Int]) throws {
        let input = Self.fixes(indices)
        let fresh = [1 << 40, (1 << 40) + 1]
        let made = fresh.map { MadeFix(sourceIndex: $0, from: indices[0], to: indices[1]) }
        let kept = Self.fixes(Array(indices.dropFirst()) + fresh)
        try PipelineAccounting.check(input: input, output: StageOutput(kept: kept, dropped: [Self.drop(indices[0])], made: made), stage: "s")
        func fails(_ output: StageOutput, _ why: Comment) {
            #expect(throws: PipelineError.self, why) { try PipelineAccounting.check(input: input, output: output, stage: "s") }
        }
        fails(StageOutput(kept: Self.fixes(indices + [indices[0]]), made: [MadeFix(sourceIndex: indices[0], from: indices[0], to: indices[1])]),
              "a made fix reusing an input index")
        fails(StageOutput(kept: Self.fixes(indices + [fresh[0], fresh[0]]), made: [made[0], made[0]]), "listed twice")
        fails(StageOutput(kept: Self.fixes(indices + [fresh[0], 99_999]), made: made), "a made fix not kept")
        fails(StageOutput(kept: Self.fixes(indices + [fresh[0]]), dropped: [Self.drop(fresh[1])], made: made), "a made fix dropped")
        fails(StageOutput(kept: Self.fixes(indices + [fresh[0], fresh[0]]), made: made), "a made fix kept twice")
    }

    /// The one-pass check for kept fixes in input order (``PipelineAccounting/inOrder(input:output:)``) against
    /// counting: on seeded outputs — an ordered subset kept and the rest dropped in any order, or the same with one
    /// fault (a dropped index swapped for another, a kept fix reported twice, one missing, kept fixes reordered) —
    /// `check` throws exactly when the multisets of source indices differ, and the one-pass check accepts every
    /// faultless output whose kept fixes are in order.
    @Test(arguments: 0..<200)
    func inOrderCheckAgreesWithCounting(seed: UInt64) throws {
        var state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let count = 1 + next(300)
        // Dense with repeats (a reader may give two fixes one record), or sparse.
        let indices = (0..<count).map { i in seed % 2 == 0 ? i / (1 + next(2)) : i * 1000 + next(999) }
        let input = Self.fixes(indices)
        var kept: [Int] = [], dropped: [Int] = []
        for i in indices { if next(10) < (seed % 5 == 0 ? 0 : 2) { dropped.append(i) } else { kept.append(i) } }
        var generator = SplitMix64(seed: seed)
        dropped.shuffle(using: &generator)
        let fault = seed % 4 == 0 ? -1 : next(4)
        switch fault {
        case 0 where !dropped.isEmpty: dropped[0] = indices.max()! + 1
        case 1 where !kept.isEmpty: kept.append(kept[next(kept.count)]); if !dropped.isEmpty { dropped.removeLast() } else { kept.removeFirst() }
        case 2 where !kept.isEmpty: kept.remove(at: next(kept.count))
        case 3 where kept.count > 1: kept.swapAt(0, kept.count - 1)
        default: break
        }
        let output = StageOutput(kept: Self.fixes(kept), dropped: dropped.map(Self.drop))
        let balanced = (kept + dropped).sorted() == indices.sorted()
        if balanced {
            try PipelineAccounting.check(input: input, output: output, stage: "s")
            // Kept in input order: each kept index found in the input after the one before it.
            var position = indices.startIndex
            let ordered = kept.allSatisfy { k in
                guard let found = indices[position...].firstIndex(of: k) else { return false }
                position = found + 1
                return true
            }
            if ordered, dropped.count <= 64 + count / 8 {
                #expect(PipelineAccounting.inOrder(input: input, output: output), "seed \(seed)")
            }
        } else {
            #expect(throws: PipelineError.self, "seed \(seed), fault \(fault)") {
                try PipelineAccounting.check(input: input, output: output, stage: "s")
            }
            #expect(!PipelineAccounting.inOrder(input: input, output: output), "seed \(seed)")
        }
    }
}
