/// Text appended to a byte array: the writers build their documents as UTF-8 bytes, not as `String`s that are
/// copied into bytes at the end (growing a `String` by interpolation was a third of `trackpipe run` on a
/// 230 000-fix GPX; issue 18).
extension Array where Element == UInt8 {
    /// Appends the bytes of a literal.
    @inline(__always)
    mutating func append(text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends the UTF-8 bytes of `text`.
    @inline(__always)
    mutating func append(text: String) {
        append(contentsOf: text.utf8)
    }

    /// Appends a whole number in decimal.
    mutating func append(integer value: Int) {
        if value >= 0, value < 10 {
            append(UInt8(48 + value))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var i = 20
            var magnitude = value.magnitude
            repeat {
                i -= 1
                digits[i] = UInt8(48 + magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { append(45) }
            append(contentsOf: UnsafeBufferPointer(rebasing: digits[i..<20]))
        }
    }
}
