import Foundation

/// Short decimal text for CSV cells: six decimal places at most (micrometres, microseconds), no trailing zeros.
enum DecimalFormat {
    static func short(_ v: Double) -> String {
        var s = String(format: "%.6f", v)
        while s.contains("."), s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }
}
