import TrackPipe

/// Summary of a set of errors (metres): count, root mean square, 95th percentile and maximum.
///
/// The percentile is the nearest-rank one: the smallest error that at least 95 % of the errors do not
/// exceed, i.e. the ⌈0.95·n⌉-th smallest — always one of the errors, never interpolated.
public struct ErrorStatistics: Sendable, Hashable, Codable {
    public var count: Int
    public var rmse: Double
    public var p95: Double
    public var max: Double

    /// `nil` for no errors.
    public init?(_ errors: [Double]) {
        guard !errors.isEmpty else { return nil }
        let sorted = errors.sorted()
        count = errors.count
        rmse = (errors.reduce(0) { $0 + $1 * $1 } / Double(errors.count)).squareRoot()
        p95 = ErrorStatistics.nearestRank(sorted, 0.95)
        max = sorted[sorted.count - 1]
    }

    /// The nearest-rank `q`-quantile (0 < q ≤ 1) of ascending `sorted` values.
    public static func nearestRank(_ sorted: [Double], _ q: Double) -> Double {
        let rank = Swift.max(1, Swift.min(sorted.count, Int((q * Double(sorted.count)).rounded(.up))))
        return sorted[rank - 1]
    }
}
