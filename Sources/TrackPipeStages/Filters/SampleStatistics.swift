/// Small order statistics the filter stages use to learn a track's own scale (sampling interval, step length).
enum SampleStatistics {
    /// The median of `values` (mean of the two middle values for an even count); `nil` when empty.
    /// Non-finite values are ignored.
    ///
    /// By selection rather than sorting (``select(_:_:)``): linear on average, where sorting the 230 000 time steps
    /// of a long run three times was a twentieth of `trackpipe run`. The same value a sort gives.
    static func median(_ values: [Double]) -> Double? {
        var v = values.filter(\.isFinite)
        guard !v.isEmpty else { return nil }
        let m = v.count / 2
        return v.withUnsafeMutableBufferPointer { buffer -> Double in
            let upper = select(buffer, m)
            guard buffer.count % 2 == 0 else { return upper }
            // The lower middle value is the largest of the m smallest, which selection left before index m.
            var lower = buffer[0]
            for i in 1..<m { lower = max(lower, buffer[i]) }
            return (lower + upper) / 2
        }
    }

    /// The upper median of `values`: the value sorting puts at `count / 2` (no mean of two middle values, so always
    /// one of them), by selection (``select(_:_:)``) — or by sorting when a value is NaN, which selection cannot
    /// order. `values` is left rearranged; it must not be empty.
    static func upperMedian(_ values: inout [Double]) -> Double {
        if values.contains(where: \.isNaN) {
            values.sort()
            return values[values.count / 2]
        }
        return values.withUnsafeMutableBufferPointer { select($0, $0.count / 2) }
    }

    /// The `p`-th percentile (0…100) of `values`, linearly interpolated between order statistics (Hyndman & Fan
    /// type 7, the common default: rank p/100·(count − 1)); `nil` when empty.
    ///
    /// The two order statistics are found by selection (``select(_:_:)``), not by sorting every value (sorting the
    /// windowed speeds of a 230 000-fix run was 1.6 % of `trackpipe run`); the value a sort gives. Values with a
    /// NaN are sorted (selection needs none).
    static func percentile(_ p: Double, of values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let rank = min(max(p, 0), 100) / 100 * Double(values.count - 1)
        let lo = Int(rank.rounded(.down))
        guard !values.contains(where: \.isNaN) else {
            let sorted = values.sorted()
            let hi = min(lo + 1, sorted.count - 1)
            return sorted[lo] + (rank - Double(lo)) * (sorted[hi] - sorted[lo])
        }
        var v = values
        return v.withUnsafeMutableBufferPointer { buffer -> Double in
            let low = select(buffer, lo)
            // The next order statistic is the smallest of what selection left after index lo (none is smaller).
            guard lo + 1 < buffer.count else { return low }
            var high = buffer[lo + 1]
            for i in (lo + 1)..<buffer.count { high = min(high, buffer[i]) }
            return low + (rank - Double(lo)) * (high - low)
        }
    }

    /// Rearranges `v` so that `v[k]` holds the value sorting would put there, every value before it no larger and
    /// every value after it no smaller, and returns it. `v` must hold no NaN and `k` must be an index of it.
    ///
    /// Quickselect with a three-way partition about the median of three (runs of equal values, such as the
    /// time steps of a 1 Hz recording, are set aside in one pass); after 2·log₂(count) + 8 partitions without
    /// reaching `k` — an adversarial order — the remaining range is sorted, so the worst case stays O(n log n).
    static func select(_ v: UnsafeMutableBufferPointer<Double>, _ k: Int) -> Double {
        var lo = 0, hi = v.count  // v[k]'s value lies in v[lo..<hi]; everything before lo is ≤ it, after hi ≥ it
        var partitions = 0
        let limit = 2 * (Int.bitWidth - v.count.leadingZeroBitCount) + 8
        while hi - lo > 16, partitions < limit {
            partitions += 1
            let a = v[lo], b = v[lo + (hi - lo) / 2], c = v[hi - 1]
            let pivot = max(min(a, b), min(max(a, b), c))
            // [lo, lt) < pivot, [lt, i) == pivot, [gt, hi) > pivot
            var lt = lo, i = lo, gt = hi
            while i < gt {
                if v[i] < pivot {
                    v.swapAt(lt, i)
                    lt += 1
                    i += 1
                } else if v[i] > pivot {
                    gt -= 1
                    v.swapAt(i, gt)
                } else {
                    i += 1
                }
            }
            if k < lt { hi = lt } else if k >= gt { lo = gt } else { return pivot }
        }
        var rest = UnsafeMutableBufferPointer(rebasing: v[lo..<hi])
        rest.sort()
        return v[k]
    }
}
