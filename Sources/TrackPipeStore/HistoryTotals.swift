import Foundation

/// Totals per ISO week (Monday first) or calendar month, in UTC: runs, distance and moving time of the stored
/// runs that started in it. Runs without a start time are not in any period.
public enum HistoryTotals {
    public enum Period: String, Sendable, CaseIterable {
        case week
        case month
    }

    public struct Total: Sendable, Hashable {
        /// `2026-W48` or `2026-11`.
        public var period: String
        public var runs: Int
        public var distance: Double
        public var movingTime: Double
    }

    public static func totals(_ runs: [StoredRunSummary], by period: Period) -> [Total] {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        var totals: [String: Total] = [:]
        for run in runs {
            guard let start = run.start, start.isFinite else { continue }
            let date = Date(timeIntervalSince1970: start)
            let key: String
            switch period {
            case .week:
                let c = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
                key = String(format: "%04d-W%02d", c.yearForWeekOfYear ?? 0, c.weekOfYear ?? 0)
            case .month:
                let c = calendar.dateComponents([.year, .month], from: date)
                key = String(format: "%04d-%02d", c.year ?? 0, c.month ?? 0)
            }
            var total = totals[key] ?? Total(period: key, runs: 0, distance: 0, movingTime: 0)
            total.runs += 1
            total.distance += run.distance ?? 0
            total.movingTime += run.movingTime ?? 0
            totals[key] = total
        }
        return totals.values.sorted { $0.period < $1.period }
    }
}
