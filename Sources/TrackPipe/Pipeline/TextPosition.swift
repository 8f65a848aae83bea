/// Line and column of a byte in a text, both from 1, as the readers and libxml2 report them: a line ends at each LF
/// (a CR before it, or alone, is a character of its line); a column is a character (UTF-8 continuation bytes are
/// not counted). The spec's JSON errors and the GPX reader's parts (TrackPipeIO's `GPXPartitionedRead`) use it.
package enum TextPosition {
    /// The position of byte `offset` (clamped to the text), counting on from an earlier position `from` (its line,
    /// column and byte offset).
    package static func of(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>,
                           from: (line: Int, column: Int, offset: Int) = (1, 1, 0)) -> (line: Int, column: Int, offset: Int) {
        var line = from.line, column = from.column
        let end = min(offset, bytes.count)
        var i = from.offset
        while i < end {
            let b = bytes[i]
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return (line, column, max(from.offset, end))
    }
}
