/// Short, locale-free number text for the HTML report's SVG and data: fixed decimals without exponent, `-0`
/// written `0`, so the same track gives the same bytes on every machine.
enum ReportNumber {
    /// `value` to one decimal (0.1 m in map units).
    static func decimetres(_ value: Double) -> String { fixed(value, scale: 10) }

    /// `value` to two decimals.
    static func centi(_ value: Double) -> String { fixed(value, scale: 100) }

    static func fixed(_ value: Double, scale: Int) -> String {
        guard value.isFinite else { return "0" }
        let scaled = (value * Double(scale)).rounded()
        guard abs(scaled) < 9e15 else { return "0" }
        let n = Int(scaled)
        if n == 0 { return "0" }
        let negative = n < 0
        let magnitude = negative ? -n : n
        let whole = magnitude / scale
        var fraction = magnitude % scale
        var text = (negative ? "-" : "") + String(whole)
        if fraction != 0 {
            var digits = ""
            var s = scale
            while s > 1 { s /= 10; digits += String(fraction / s); fraction %= s }
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }
}
