import Foundation

/// Number parsing and formatting for readers and writers.
///
/// Parsing goes through C `strtod` on a NUL-terminated stack copy (correctly rounded, no allocation); it
/// accepts surrounding whitespace and rejects empty text, trailing garbage and hexadecimal floats.
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

    /// The shortest round-tripping decimal for `value`, without exponent; `nil` when not finite.
    public static func format(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        let s = value.description
        if !s.contains("e") {
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
        while result.contains("."), result.hasSuffix("0") { result.removeLast() }
        if result.hasSuffix(".") { result.removeLast() }
        return (negative ? "-" : "") + result
    }
}
