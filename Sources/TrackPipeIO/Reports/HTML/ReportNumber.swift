/// Short, locale-free number text for the HTML report's SVG and data: fixed decimals without exponent or
/// trailing zeros, `-0` written `0`, so the same track gives the same bytes on every machine. A page carries
/// tens of thousands of these: the digits are written into a small stack buffer, not built from strings.
enum ReportNumber {
    /// `value` to one decimal (0.1 m in map units).
    static func decimetres(_ value: Double) -> String { fixed(value, scale: 10) }

    /// `value` to two decimals.
    static func centi(_ value: Double) -> String { fixed(value, scale: 100) }

    /// `value` rounded to 1/`scale` (a power of ten, 1…10⁶); non-finite values and values beyond ±9·10¹⁵/scale
    /// are written `0`.
    static func fixed(_ value: Double, scale: Int) -> String {
        guard value.isFinite else { return "0" }
        let scaled = (value * Double(scale)).rounded()
        guard abs(scaled) < 9e15 else { return "0" }
        let n = Int(scaled)
        if n == 0 { return "0" }
        var decimals = 0
        var s = scale
        while s > 1 { s /= 10; decimals += 1 }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            // Digits from the right: the fraction (without trailing zeros), the point, the whole part, the sign.
            var i = 32
            var magnitude = n < 0 ? -n : n
            var written = 0
            var significant = false
            while written < decimals {
                let digit = magnitude % 10
                magnitude /= 10
                written += 1
                if digit != 0 || significant {
                    significant = true
                    i -= 1; buffer[i] = UInt8(48 + digit)
                }
            }
            if significant { i -= 1; buffer[i] = 46 }
            repeat {
                i -= 1; buffer[i] = UInt8(48 + magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if n < 0 { i -= 1; buffer[i] = 45 }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[i..<32]), as: UTF8.self)
        }
    }
}
