import Foundation

/// Fast ISO 8601 / RFC 3339 date-time parsing and formatting for track times (seconds since 1970, UTC).
///
/// Parsing accepts `YYYY-MM-DDThh:mm[:ss[.fraction]][Z|±hh[:mm]|±hhmm]`, with `T`, `t` or a space between date
/// and time. A time without a zone is taken as UTC (GPX requires UTC; CSV exports almost always are).
/// Up to 9 fractional digits are used (nanoseconds); further digits are ignored. A leap second (`:60`) is not
/// accepted: Unix time has no name for it, and counting it as the next minute's first second would give two fixes
/// one time — the record is rejected as an unparseable time instead.
/// Foundation's `ISO8601DateFormatter` costs microseconds per call, too slow for a 100 MB/s reader.
public enum ISO8601Time {
    /// The times TrackPipe reads and writes: from 0001-01-01T00:00:00Z to the end of 9999, in seconds since 1970.
    /// A reader rejects a time outside it (`1e20`, `-1e308`) as an unparseable record instead of carrying a value
    /// no format can write.
    public static let representable: Range<Double> = -62_135_596_800 ..< 253_402_300_800

    /// Whether `time` (seconds since 1970) is finite and within ``representable``.
    public static func isRepresentable(_ time: Double) -> Bool { representable.contains(time) }

    /// Seconds since 1970 for `text`, or `nil` when it is not a valid date-time.
    public static func parse(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { parse($0) }
    }

    /// Seconds since 1970 for the UTF-8 bytes, or `nil` when they are not a valid date-time.
    public static func parse(_ raw: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let base = raw.baseAddress else { return nil }
        var start = 0, end = raw.count
        while start < end, isSpace(base[start]) { start += 1 }
        while end > start, isSpace(base[end - 1]) { end -= 1 }
        var i = start
        @inline(__always) func digits(_ n: Int) -> Int? {
            guard end - i >= n else { return nil }
            var v = 0
            for k in 0..<n {
                let c = base[i + k]
                guard c >= 48, c <= 57 else { return nil }
                v = v * 10 + Int(c - 48)
            }
            i += n
            return v
        }
        @inline(__always) func expect(_ c: UInt8) -> Bool {
            guard i < end, base[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), expect(45), let month = digits(2), expect(45), let day = digits(2) else { return nil }
        guard i < end, base[i] == 84 || base[i] == 116 || base[i] == 32 else { return nil }  // T t space
        i += 1
        guard let hour = digits(2), expect(58), let minute = digits(2) else { return nil }
        var second = 0
        var fraction = 0.0
        if expect(58) {
            guard let s = digits(2) else { return nil }
            second = s
            if i < end, base[i] == 46 || base[i] == 44 {  // . or ,
                i += 1
                var value = 0, scale = 1, count = 0
                while i < end, base[i] >= 48, base[i] <= 57 {
                    if count < 9 {
                        value = value * 10 + Int(base[i] - 48)
                        scale *= 10
                    }
                    count += 1
                    i += 1
                }
                guard count > 0 else { return nil }
                fraction = Double(value) / Double(scale)
            }
        }
        var offset = 0
        if i < end {
            let c = base[i]
            if c == 90 || c == 122 {  // Z z
                i += 1
            } else if c == 43 || c == 45 {  // + -
                i += 1
                guard let oh = digits(2) else { return nil }
                var om = 0
                if i < end {
                    _ = expect(58)
                    guard let m = digits(2) else { return nil }
                    om = m
                }
                guard oh <= 23, om <= 59 else { return nil }
                offset = (oh * 3600 + om * 60) * (c == 45 ? -1 : 1)
            } else {
                return nil
            }
        }
        guard i == end else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
              hour <= 23, minute <= 59, second <= 59 else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        let time = Double(whole) + fraction
        return isRepresentable(time) ? time : nil
    }

    /// `YYYY-MM-DDThh:mm:ss[.fff|.ffffff|.fffffffff]Z` with the fewest fractional digits (0, 3, 6 or 9) that
    /// ``parse(_:)-(String)`` turns back into exactly `time`, so writing and re-reading loses nothing.
    /// Returns `nil` for a non-finite time or one outside years 0…9999.
    public static func format(_ time: Double) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(30)
        guard append(time, to: &out) else { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    /// The most bytes ``put(_:to:)`` writes: `YYYY-MM-DDTHH:MM:SS.fffffffffZ`.
    static let maximumLength = 30

    /// Appends the text ``format(_:)`` gives for `time` to `out`; returns `false` (appending nothing) when it has
    /// none (not finite, or outside years 0000–9999).
    @discardableResult
    static func append(_ time: Double, to out: inout [UInt8]) -> Bool {
        var written = false
        out.append(atMost: maximumLength) { written = put(time, to: &$0) }
        return written
    }

    /// Writes the text ``format(_:)`` gives for `time` (at most ``maximumLength`` bytes); returns `false`
    /// (writing nothing) when it has none (not finite, or outside years 0000–9999).
    @discardableResult
    static func put(_ time: Double, to cursor: inout ByteCursor) -> Bool {
        guard time.isFinite else { return false }
        let whole = time.rounded(.down)
        guard whole > -62_167_219_200, whole < 253_402_300_800 else { return false }
        let seconds = Int(whole)
        let frac = time - whole
        var days = seconds / 86_400
        var secOfDay = seconds % 86_400
        if secOfDay < 0 { secOfDay += 86_400; days -= 1 }
        let (y, m, d) = civilFromDays(days)
        putDigits(y, 4, to: &cursor)
        cursor.put(45)
        putDigits(m, 2, to: &cursor)
        cursor.put(45)
        putDigits(d, 2, to: &cursor)
        cursor.put(84)
        putDigits(secOfDay / 3600, 2, to: &cursor)
        cursor.put(58)
        putDigits(secOfDay / 60 % 60, 2, to: &cursor)
        cursor.put(58)
        putDigits(secOfDay % 60, 2, to: &cursor)
        if frac > 0 {
            // Milliseconds, else microseconds, else nanoseconds: the fewest digits that give the time back.
            for digitCount in stride(from: 3, through: 9, by: 3) {
                let scale = digitCount == 3 ? 1e3 : digitCount == 6 ? 1e6 : 1e9
                let units = min((frac * scale).rounded(), scale - 1)
                if Double(seconds) + units / scale == time || digitCount == 9 {
                    cursor.put(46)
                    putDigits(Int(units), digitCount, to: &cursor)
                    break
                }
            }
        }
        cursor.put(90)
        return true
    }

    /// `value` (0 ≤ value < 10^width) in exactly `width` digits, zero-padded.
    @inline(__always)
    static func putDigits(_ value: Int, _ width: Int, to cursor: inout ByteCursor) {
        cursor.put(digitsOf: UInt64(value), width: width)
    }

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The inverse of ``daysFromCivil(year:month:day:)``.
    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
