/// Writes bytes one after another into room a byte array reserved for them (``Swift/Array/append(atMost:_:)``):
/// a writer reserves room for a whole record once, then each literal is a copy and each byte a store, with no
/// capacity check per piece. Appending a record's ~15 literals and numbers to the array one by one (each an
/// `append(contentsOf:)` with its own capacity check and bookkeeping) was about half of writing a GPX point.
///
/// Every writer states the most bytes it can write (``DecimalText/maximumLength``, ``ISO8601Time/maximumLength``…)
/// and reserves their sum; each write still checks that it stays inside the room (a comparison), so a bound
/// stated wrong stops the program rather than writing past the array's memory.
struct ByteCursor {
    /// Where the next byte goes.
    private(set) var position: UnsafeMutablePointer<UInt8>
    /// The end of the room.
    private let end: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>, room: Int) {
        position = start
        end = start + room
    }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        precondition(position < end, "a ByteCursor ran out of the room reserved for it")
        position.initialize(to: byte)
        position += 1
    }

    @inline(__always)
    mutating func put(_ text: StaticString) {
        put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        precondition(bytes.count <= end - position, "a ByteCursor ran out of the room reserved for it")
        position.initialize(from: base, count: bytes.count)
        position += bytes.count
    }

    /// Takes the next `count` bytes of the room for the caller to write (in any order) and returns where they begin:
    /// for text whose length is known before its bytes, written without a copy from somewhere else.
    @inline(__always)
    mutating func take(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        precondition(count >= 0 && count <= end - position, "a ByteCursor ran out of the room reserved for it")
        defer { position += count }
        return position
    }

    /// The UTF-8 bytes of `text`; it must be no longer than the room reserved for it.
    mutating func put(text: String) {
        var text = text
        text.withUTF8 { put($0) }
    }

    /// The most bytes ``put(integer:)`` writes: `Int.min`'s 19 digits and its sign.
    static let maximumIntegerLength = 20

    /// A whole number in decimal (at most ``maximumIntegerLength`` bytes).
    mutating func put(integer value: Int) {
        if value >= 0, value < 10 {
            put(UInt8(48 + value))
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
            if value < 0 { put(45) }
            put(UnsafeBufferPointer(rebasing: digits[i..<20]))
        }
    }

    /// Moves back `count` bytes, so the next ones overwrite them (the caller wrote them).
    @inline(__always)
    mutating func rewind(_ count: Int) {
        position -= count
    }
}

extension Array where Element == UInt8 {
    /// Appends what `body` writes through a ``ByteCursor``: at most `maximum` bytes (reserved once, with the
    /// array's usual geometric growth).
    @inline(__always)
    mutating func append(atMost maximum: Int, _ body: (inout ByteCursor) -> Void) {
        append(addingCapacity: maximum) { span in
            span.withUnsafeMutableBufferPointer { buffer, initialized in
                guard let base = buffer.baseAddress else { return }
                let start = base + initialized
                var cursor = ByteCursor(start, room: buffer.count - initialized)
                body(&cursor)
                initialized += cursor.position - start
            }
        }
    }
}
