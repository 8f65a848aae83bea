/// Several recordings of one activity merged into one track by time: two devices worn at once, or a recording that
/// was stopped and started again.
///
/// The recordings are ranked in the order given. Every fix of the first is kept; a fix of a later one is kept only
/// where no earlier recording has a fix within `maxGap` seconds of it — it fills the earlier ones' gaps, and
/// where they cover the time it is left out (two devices' fixes interleaved would zig-zag between their offsets
/// and add distance that was never run). The kept fixes are ordered by time (ties: the earlier recording first);
/// each stretch from one recording's segment is a segment of its own, so no step joins two devices. Source indices
/// are offset so that they stay distinct: recording k's records are numbered after those of recordings 0…k−1
/// (its `recordCount`s), and its rejected records come along the same way. Every fix needs a time.
public enum TrackMerge {
    /// What became of one recording's fixes.
    public struct InputCount: Sendable, Hashable {
        /// Fixes read.
        public var fixes: Int
        /// Fixes kept in the merged track.
        public var kept: Int
        /// Fixes left out because an earlier recording had a fix within `maxGap` seconds.
        public var covered: Int { fixes - kept }
        /// Added to the recording's source indices.
        public var sourceIndexOffset: Int
    }

    public struct Result: Sendable {
        public var track: Track
        public var inputs: [InputCount]
    }

    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// Recording `input` (0-based) has `count` fixes without a time.
        case untimed(input: Int, count: Int)
        case noRecordings

        public var description: String {
            switch self {
            case .untimed(_, let n): return "\(n) fix\(n == 1 ? "" : "es") without a time; merging goes by time"
            case .noRecordings: return "nothing to merge"
            }
        }
    }

    /// Merges `tracks` (see the type's discussion); `maxGap` in seconds.
    public static func merge(_ tracks: [Track], maxGap: Double) throws(Failure) -> Result {
        guard let first = tracks.first else { throw .noRecordings }
        for (i, track) in tracks.enumerated() {
            let untimed = track.fixes.count { $0.time == nil }
            if untimed > 0 { throw .untimed(input: i, count: untimed) }
        }
        var offsets: [Int] = []
        var offset = 0
        for track in tracks {
            offsets.append(offset)
            offset += track.recordCount
        }
        // The sorted times of each recording, for "is there a fix within maxGap" by binary search.
        let times = tracks.map { $0.fixes.compactMap(\.time).sorted() }
        func covered(_ t: Double, before input: Int) -> Bool {
            for j in 0..<input where has(times[j], within: maxGap, of: t) { return true }
            return false
        }
        var kept: [(input: Int, order: Int, fix: Fix)] = []
        var counts: [InputCount] = []
        for (i, track) in tracks.enumerated() {
            var n = 0
            for (k, fix) in track.fixes.enumerated() where i == 0 || !covered(fix.time!, before: i) {
                kept.append((i, k, fix))
                n += 1
            }
            counts.append(InputCount(fixes: track.fixes.count, kept: n, sourceIndexOffset: offsets[i]))
        }
        kept.sort { a, b in
            let ta = a.fix.time!, tb = b.fix.time!
            return ta != tb ? ta < tb : (a.input != b.input ? a.input < b.input : a.order < b.order)
        }
        var fixes: [Fix] = []
        fixes.reserveCapacity(kept.count)
        var segment = -1
        var last: (input: Int, segment: Int)?
        for entry in kept {
            if last == nil || last! != (entry.input, entry.fix.segment) { segment += 1 }
            last = (entry.input, entry.fix.segment)
            var fix = entry.fix
            fix.segment = segment
            fix.sourceIndex = fix.sourceIndex &+ offsets[entry.input]
            fixes.append(fix)
        }
        var rejected: [RejectedRecord] = []
        for (i, track) in tracks.enumerated() {
            for var r in track.rejected {
                r.sourceIndex = r.sourceIndex &+ offsets[i]
                rejected.append(r)
            }
        }
        let merged = Track(name: first.name, activity: tracks.lazy.compactMap(\.activity).first, fixes: fixes,
                           sourceFormat: first.sourceFormat, rejected: rejected)
        return Result(track: merged, inputs: counts)
    }

    /// Whether the sorted `times` hold one within `gap` of `t`.
    static func has(_ times: [Double], within gap: Double, of t: Double) -> Bool {
        var lo = 0, hi = times.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] < t - gap { lo = mid + 1 } else { hi = mid }
        }
        return lo < times.count && times[lo] <= t + gap
    }
}
