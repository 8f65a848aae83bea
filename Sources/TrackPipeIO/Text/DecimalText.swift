import Foundation

/// Number parsing and formatting for readers and writers.
///
/// Parsing takes Clinger's exact fast path for plain decimals of up to 15 significant digits, else C `strtod`
/// on a NUL-terminated stack copy (correctly rounded, no allocation); it accepts surrounding whitespace and
/// rejects empty text, trailing garbage and hexadecimal floats.
/// `nan`/`inf` parse (as non-finite values) so a reader can say "latitude is NaN" rather than "unparseable".
/// Formatting writes the shortest decimal that reads back to the same `Double` and never uses an exponent
/// (GPX's `xsd:decimal` does not allow one).
public enum DecimalText {
    /// The value of the UTF-8 bytes, or `nil` when they are not a decimal number.
    public static func parseDouble(_ raw: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let base = raw.baseAddress else { return nil }
        var start = 0, end = raw.count
        while start < end, ISO8601Time.isSpace(base[start]) { start += 1 }
        while end > start, ISO8601Time.isSpace(base[end - 1]) { end -= 1 }
        let n = end - start
        guard n > 0, n < 512 else { return nil }
        if let v = fastPath(base, start, end) { return v }
        for k in start..<end where base[k] == 120 || base[k] == 88 { return nil }  // x X: no hex floats
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: n + 1) { buf -> Double? in
            guard let p = buf.baseAddress else { return nil }
            UnsafeMutableRawPointer(p).copyMemory(from: base + start, byteCount: n)
            p[n] = 0
            var endPtr: UnsafeMutablePointer<CChar>? = nil
            let v = strtod(p, &endPtr)
            guard let e = endPtr, e == p + n else { return nil }
            return v
        }
    }

    /// Clinger's fast path (W. D. Clinger, "How to read floating point numbers accurately", PLDI 1990): a plain
    /// decimal `[±]digits[.digits]` with at most 15 significant digits is an integer below 2^53 divided by a power
    /// of ten up to 10^22, both exact doubles, so one IEEE division gives the correctly rounded value — the same
    /// as strtod, several times faster. Anything else (more digits, an exponent, nan, inf) returns `nil` for
    /// strtod to read. Coordinates, times and elevations in track files are almost all plain decimals.
    @inline(__always)
    static func fastPath(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var i = start
        let negative = base[i] == 45
        if negative || base[i] == 43 { i += 1 }
        // Two tight loops, integer part then fraction, with wrapping arithmetic: the digits are counted, and only
        // when there are more than 15 are the significant ones (after leading zeros) counted — a mantissa that
        // wrapped has more than 15 of them and is never used.
        var mantissa: UInt64 = 0
        /// Reads the digits from `i` on into `mantissa`; returns how many there were.
        @inline(__always) func digits() -> Int {
            let first = i
            while i < end {
                let d = base[i] &- 48
                guard d <= 9 else { break }
                mantissa = mantissa &* 10 &+ UInt64(d)
                i += 1
            }
            return i - first
        }
        let firstDigit = i
        let integerDigits = digits()
        var fractionDigits = 0
        if i < end, base[i] == 46 {
            i += 1
            fractionDigits = digits()
        }
        guard i == end, integerDigits + fractionDigits > 0, fractionDigits <= 22 else { return nil }
        if integerDigits + fractionDigits > 15 {
            var leadingZeros = 0
            for k in firstDigit..<end where base[k] != 46 {
                guard base[k] == 48 else { break }
                leadingZeros += 1
            }
            guard integerDigits + fractionDigits - leadingZeros <= 15 else { return nil }
        }
        var v = Double(mantissa)
        if fractionDigits > 0 { v /= exactPowersOfTen[fractionDigits] }
        return negative ? -v : v
    }

    /// 10^0 … 10^22, every one exactly representable as a `Double`.
    static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    /// The value of `text`, or `nil` when it is not a decimal number.
    public static func parseDouble(_ text: Substring) -> Double? {
        var s = String(text)
        return s.withUTF8 { parseDouble($0) }
    }

    public static func parseDouble(_ text: String) -> Double? {
        var s = text
        return s.withUTF8 { parseDouble($0) }
    }

    /// A whole number (optionally signed, surrounding whitespace allowed); a decimal like `7.0` is accepted
    /// when it is integral.
    public static func parseInt(_ raw: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let v = parseDouble(raw), v.isFinite, v.rounded() == v, abs(v) < 1e15 else { return nil }
        return Int(v)
    }

    public static func parseInt(_ text: String) -> Int? {
        var s = text
        return s.withUTF8 { parseInt($0) }
    }

    /// The most bytes one number takes as ``format(_:)`` writes it: `-0.` and the 324 digits of the smallest
    /// subnormal's plain decimal (the longest; the largest double has 309 digits before the point).
    static let maximumLength = 330

    /// Appends the text ``format(_:)`` gives for `value` to `out`; returns `false` (appending nothing) when
    /// `value` is not finite. See ``put(_:to:)``.
    @discardableResult
    static func append(_ value: Double, to out: inout [UInt8]) -> Bool {
        guard value.isFinite else { return false }
        out.append(atMost: maximumLength) { put(value, to: &$0) }
        return true
    }

    /// Writes the text ``format(_:)`` gives for `value` (at most ``maximumLength`` bytes); returns `false`
    /// (writing nothing) when `value` is not finite. A short decimal is written from its digits
    /// (``putShortDecimal(_:to:)``); any other value by the standard library's shortest round-trip printer
    /// straight into the output (``ShortestDigitsSink``: no `String` in between), expanded by ``format(_:)`` in
    /// the rare case it used an exponent.
    @discardableResult
    static func put(_ value: Double, to cursor: inout ByteCursor) -> Bool {
        guard value.isFinite else { return false }
        if putShortDecimal(value, to: &cursor) { return true }
        let start = cursor.position
        var sink = ShortestDigitsSink(cursor: cursor)
        value.write(to: &sink)
        cursor = sink.cursor
        let written = UnsafeBufferPointer(start: start, count: cursor.position - start)
        if written.contains(UInt8(ascii: "e")) {
            cursor.rewind(written.count)
            if let expanded = format(value) { cursor.put(text: expanded) }
        } else if written.count >= 2, written[written.count - 2] == UInt8(ascii: "."), written[written.count - 1] == UInt8(ascii: "0") {
            cursor.rewind(2)
        }
        return true
    }

    /// The common case of ``put(_:to:)`` without the printer: a value that is exactly the nearest double to some
    /// `m / 10^k` with `m·10^k` below 10^15 — a coordinate with 7 decimals, an elevation with one — is written as
    /// those digits.
    /// Only the largest such `k` is tried: below 10^15 the product's rounding errors stay under 0.2, so
    /// `(v·10^k).rounded()` is the decimal with `k` digits that reads back as `v` when there is one, and any shorter
    /// decimal is that one with trailing zeros; decimals `10^-k` apart are farther apart than the doubles are, so
    /// it is the only one — the one `description` gives — and dropping its trailing zeros makes it the shortest.
    /// Returns `false`, writing nothing, for anything else (more digits, 0, tiny or huge values), which the
    /// printer then writes.
    @inline(__always)
    static func putShortDecimal(_ value: Double, to cursor: inout ByteCursor) -> Bool {
        let magnitude = value.magnitude
        guard magnitude >= 1e-7, magnitude < 1e15 else { return false }
        // The search for k starts above the answer: with 2^e ≤ magnitude, log10(magnitude) ≥ e·log10(2) ≥
        // floor(e·log10(2)), so magnitude·10^(15 − floor(e·log10(2))) ≥ 10^15 fails the test (rounding is
        // monotonic), as does every larger k. One or two steps instead of counting down from 22.
        // The binary exponent from the bits (`magnitude` ≥ 1e-7 is a normal number): the `exponent` property is a
        // call per number. floor(e·log10(2)) by integers, (e·78913) >> 18, exact for |e| ≤ 1650 (as in Ryu):
        // rounding a product down was a call to `floor` for every number written.
        let exponent = Int(magnitude.exponentBitPattern) - 1023
        var k = min(22, 15 - ((exponent * 78913) >> 18))
        var scale = exactPowersOfTen[k]
        while magnitude * scale >= 1e15 { k -= 1; scale = exactPowersOfTen[k] }  // ends by k = 0, as magnitude < 1e15
        // Below 2^50 the sum is exact, so truncating it rounds to the nearest integer.
        // Through Int64 (the product is below 2^50): one conversion instruction rather than the unsigned sequence.
        var m = UInt64(Int64(magnitude * scale + 0.5))
        guard Double(m) / scale == magnitude else { return false }
        // Its trailing zeros, at most k of them (m < 10^15 has at most 14), dropped 8, 4, 2 and 1 at a time: one
        // division by ten per zero was a chain of up to 14 dependent multiplications (an elevation with two
        // decimals: 38.8 → 24.5 ns per number; a coordinate with seven 23.5 → 20 ns).
        if k >= 8, m % 100_000_000 == 0 { m /= 100_000_000; k -= 8 }
        if k >= 4, m % 10_000 == 0 { m /= 10_000; k -= 4 }
        if k >= 2, m % 100 == 0 { m /= 100; k -= 2 }
        if k >= 1, m % 10 == 0 { m /= 10; k -= 1 }
        // The integer part is magnitude's own: m / 10^k rounds to magnitude and has at most 15 digits, so it never
        // rounds up to the next integer (that takes more than 15), and truncating gives it without a division.
        putDigits(m, integer: UInt64(magnitude), fractionDigits: k, negative: value < 0, to: &cursor)
        return true
    }

    /// `m / 10^k` in plain decimal, whose integer part is `integer`: at least one digit before the point, the point
    /// only when `k > 0`, the fraction in exactly `k` digits (leading zeros kept).
    @inline(__always)
    private static func putDigits(_ m: UInt64, integer: UInt64, fractionDigits k: Int, negative: Bool,
                                  to cursor: inout ByteCursor) {
        if negative { cursor.put(UInt8(ascii: "-")) }
        cursor.put(digitsOf: integer, width: ByteCursor.digitCount(integer))
        guard k > 0 else { return }
        cursor.put(UInt8(ascii: "."))
        // m < 10^15, so with 16 or more fraction digits the integer part is 0 and m is all fraction.
        cursor.put(digitsOf: k < 16 ? m &- integer &* ByteCursor.powersOfTen[k] : m, width: k)
    }

    /// The shortest round-tripping decimal for `value`, without exponent; `nil` when not finite.
    public static func format(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        let s = value.description
        // Byte search, not `contains("e")`: Foundation's substring search bridges through NSString and was half
        // of a GPX write.
        if !s.utf8.contains(UInt8(ascii: "e")) {
            return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
        }
        // Expand "d.ddde±x" by moving the decimal point; digits stay the shortest round-trip ones.
        let negative = s.hasPrefix("-")
        let body = negative ? s.dropFirst() : Substring(s)
        let parts = body.split(separator: "e")
        guard parts.count == 2, let exp = Int(parts[1]) else { return String(format: "%.17g", value) }
        let mantissa = parts[0].replacingOccurrences(of: ".", with: "")
        let pointAt = (parts[0].firstIndex(of: ".").map { parts[0].distance(from: parts[0].startIndex, to: $0) }
            ?? parts[0].count) + exp
        var digits = mantissa
        var result: String
        if pointAt <= 0 {
            result = "0." + String(repeating: "0", count: -pointAt) + digits
        } else if pointAt >= digits.count {
            digits += String(repeating: "0", count: pointAt - digits.count)
            result = digits
        } else {
            let idx = digits.index(digits.startIndex, offsetBy: pointAt)
            result = digits[..<idx] + "." + digits[idx...]
        }
        while result.utf8.contains(UInt8(ascii: ".")), result.hasSuffix("0") { result.removeLast() }
        if result.hasSuffix(".") { result.removeLast() }
        return (negative ? "-" : "") + result
    }
}
