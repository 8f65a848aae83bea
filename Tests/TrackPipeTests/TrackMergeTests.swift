import Testing
import TrackPipe

/// Merging recordings by time, by hand: the first recording kept whole, a later one filling its gaps only, segments
/// per stretch, source indices numbered on, and untimed fixes refused.
@Suite struct TrackMergeTests {
    func track(_ times: [Double], latitude: Double, segments: [Int]? = nil, rejected: Int = 0) -> Track {
        let fixes = times.enumerated().map { i, t in
            Fix(time: t, latitude: latitude, longitude: Double(i) * 1e-4, segment: segments?[i] ?? 0, sourceIndex: i + rejected)
        }
        let bad = (0..<rejected).map { RejectedRecord(sourceIndex: $0, line: $0 + 1, rule: "bad", reason: "bad") }
        return Track(name: "A", fixes: fixes, rejected: bad)
    }

    @Test func aSecondDeviceFillsTheFirstOnesGap() throws {
        // A every 1 s from 0 to 9, then nothing until 30 s, then 30…34; B every 2 s from 0 to 40.
        let a = track(Array(0...9).map(Double.init) + Array(30...34).map(Double.init), latitude: 51)
        let b = track(stride(from: 0.0, through: 40, by: 2).map { $0 }, latitude: 52, rejected: 1)
        let merged = try TrackMerge.merge([a, b], maxGap: 5)
        // B's fixes within 5 s of one of A's are left out: kept are 16…24 (A's gap: 9 + 5 < 16 and 24 < 30 − 5)
        // and 40 (34 + 5 < 40).
        let times = merged.track.fixes.map(\.time!)
        let first: [Double] = Array(0...9).map(Double.init), fill: [Double] = [16, 18, 20, 22, 24]
        let again: [Double] = Array(30...34).map(Double.init)
        #expect(times == first + fill + again + [40])
        #expect(merged.inputs.map(\.kept) == [15, 6] && merged.inputs.map(\.covered) == [0, 15])
        // Segments: A's first stretch, B's fill, A again, B again.
        let segments: [Int] = Array(repeating: 0, count: 10) + Array(repeating: 1, count: 5) + Array(repeating: 2, count: 5) + [3]
        #expect(merged.track.fixes.map(\.segment) == segments)
        // B's records come after A's 15: its first fix (index 1, after one rejected record) is 16; its rejected record 15.
        #expect(merged.track.fixes[10].sourceIndex == 15 + 1 + 8)  // B's fix at 16 s is its 9th fix, record 9
        #expect(merged.track.rejected.map(\.sourceIndex) == [15])
        #expect(Set(merged.track.fixes.map(\.sourceIndex)).count == merged.track.fixes.count)
    }

    @Test func recordingsOneAfterTheOther() throws {
        // A stopped at 10 s, the recording started again as B at 100 s: everything kept, B a segment of its own.
        let merged = try TrackMerge.merge([track([0, 5, 10], latitude: 51), track([100, 105], latitude: 51)], maxGap: 5)
        #expect(merged.track.fixes.map(\.time!) == [0, 5, 10, 100, 105])
        #expect(merged.track.fixes.map(\.segment) == [0, 0, 0, 1, 1])
        // Given the other way round, the order is by time all the same.
        let swapped = try TrackMerge.merge([track([100, 105], latitude: 51), track([0, 5, 10], latitude: 51)], maxGap: 5)
        #expect(swapped.track.fixes.map(\.time!) == [0, 5, 10, 100, 105])
    }

    @Test func untimedFixesAreRefused() {
        var b = track([0, 1], latitude: 51)
        b.fixes[1].time = nil
        #expect(throws: TrackMerge.Failure.untimed(input: 1, count: 1)) { try TrackMerge.merge([track([0], latitude: 51), b], maxGap: 5) }
        #expect(throws: TrackMerge.Failure.noRecordings) { try TrackMerge.merge([], maxGap: 5) }
    }
}
