import Foundation

/// `2021-07-21T12:37:41Z`-style times computed with Foundation's own calendar, independent of ISO8601Time.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Double) -> Double {
    var c = DateComponents()
    c.year = year; c.month = month; c.day = day; c.hour = hour; c.minute = minute; c.second = 0
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
    return (cal.date(from: c)?.timeIntervalSince1970 ?? .nan) + second
}
