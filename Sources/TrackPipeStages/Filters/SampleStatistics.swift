/// Small order statistics the filter stages use to learn a track's own scale (sampling interval, step length).
enum SampleStatistics {
    /// The median of `values` (mean of the two middle values for an even count); `nil` when empty.
    /// Non-finite values are ignored.
    static func median(_ values: [Double]) -> Double? {
        let v = values.filter(\.isFinite).sorted()
        guard !v.isEmpty else { return nil }
        let m = v.count / 2
        return v.count % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2
    }
}
