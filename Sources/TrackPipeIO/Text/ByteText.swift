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
        append(atMost: ByteCursor.maximumIntegerLength) { $0.put(integer: value) }
    }
}
