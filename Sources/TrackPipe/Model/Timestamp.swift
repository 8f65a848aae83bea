/// UTC timestamps as seconds since 1970-01-01T00:00:00Z (`Double`), and their ISO 8601 text form.
///
/// Parsing accepts what GPS files write: `2024-05-01T07:30:00Z`, fractional seconds of any length
/// (`…:00.123456Z`), a zone offset (`+02:00`, `+0200`, `-05`), a space instead of `T`, and no zone at all,
/// which is read as UTC (GPX and NMEA times are UTC by definition). Hand-written because it is on the hot
/// path of every reader (Foundation's ISO8601DateFormatter is ~50× slower and needs one format per variant).
public enum Timestamp {
    /// Seconds since 1970 for the ISO 8601 text in `bytes`, or `nil` when it is not a valid date-time.
    public static func parseISO8601<C: Collection>(_ bytes: C) -> Double? where C.Element == UInt8 {
        var it = bytes.makeIterator()
        var peeked: UInt8? = it.next()
        func next() -> UInt8? { defer { peeked = it.next() }; return peeked }
        func digits(_ n: Int) -> Int? {
            var v = 0
            for _ in 0..<n {
                guard let c = peeked, c >= 48, c <= 57 else { return nil }
                v = v * 10 + Int(c - 48)
                _ = next()
            }
            return v
        }
        func expect(_ c: UInt8) -> Bool {
            guard peeked == c else { return false }
            _ = next()
            return true
        }
        // Skip leading spaces.
        while peeked == 32 { _ = next() }
        guard let year = digits(4), expect(45), let month = digits(2), expect(45), let day = digits(2) else { return nil }
        guard peeked == 84 || peeked == 116 || peeked == 32 else { return nil }  // T, t or space
        _ = next()
        guard let hour = digits(2), expect(58), let minute = digits(2) else { return nil }
        var second = 0.0
        if expect(58) {
            guard let s = digits(2) else { return nil }
            second = Double(s)
            if peeked == 46 || peeked == 44 {  // . or ,
                _ = next()
                var scale = 0.1, fraction = 0.0, any = false
                while let c = peeked, c >= 48, c <= 57 {
                    fraction += Double(c - 48) * scale
                    scale *= 0.1
                    any = true
                    _ = next()
                }
                guard any else { return nil }
                second += fraction
            }
        }
        var offset = 0
        if let c = peeked {
            switch c {
            case 90, 122: _ = next()  // Z
            case 43, 45:  // + or -
                let sign = c == 43 ? 1 : -1
                _ = next()
                guard let oh = digits(2) else { return nil }
                var om = 0
                if expect(58) { guard let m = digits(2) else { return nil }; om = m }
                else if let c2 = peeked, c2 >= 48, c2 <= 57 { guard let m = digits(2) else { return nil }; om = m }
                guard oh <= 23, om <= 59 else { return nil }
                offset = sign * (oh * 3600 + om * 60)
            default: return nil
            }
        }
        while peeked == 32 || peeked == 10 || peeked == 13 || peeked == 9 { _ = next() }
        guard peeked == nil else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year, month),
              hour <= 24, minute <= 59, second < 61, !(hour == 24 && (minute > 0 || second > 0)) else { return nil }
        let days = daysFromCivil(year, month, day)
        return Double(days * 86400 + hour * 3600 + minute * 60 - offset) + second
    }

    /// Parses a `String`.
    public static func parseISO8601(_ text: String) -> Double? {
        var t = text
        return t.withUTF8 { parseISO8601($0) }
    }

    /// ISO 8601 in UTC: `2024-05-01T07:30:00Z`, with milliseconds (`…:00.250Z`) when the time has a fraction.
    public static func formatISO8601(_ time: Double) -> String {
        guard time.isFinite else { return "invalid" }
        var whole = time.rounded(.down)
        var millis = Int(((time - whole) * 1000).rounded())
        if millis == 1000 { whole += 1; millis = 0 }
        let total = Int(whole)
        let days = total >= 0 ? total / 86400 : (total - 86399) / 86400
        let secs = total - days * 86400
        let (y, m, d) = civilFromDays(days)
        func pad(_ v: Int, _ n: Int) -> String {
            let s = String(v)
            return s.count >= n ? s : String(repeating: "0", count: n - s.count) + s
        }
        var out = "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(secs / 3600, 2)):\(pad(secs / 60 % 60, 2)):\(pad(secs % 60, 2))"
        if millis != 0 { out += "." + pad(millis, 3) }
        return out + "Z"
    }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysInMonth(_ y: Int, _ m: Int) -> Int {
        switch m {
        case 2: return isLeap(y) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
    public static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// The date of a day count since 1970-01-01 (inverse of ``daysFromCivil(_:_:_:)``).
    public static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp + (mp < 10 ? 3 : -9)
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
