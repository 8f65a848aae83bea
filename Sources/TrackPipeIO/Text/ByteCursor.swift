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
        if value < 0 { put(45) }
        let magnitude = UInt64(value.magnitude)
        put(digitsOf: magnitude, width: Self.digitCount(magnitude))
    }

    /// `value` in exactly `width` decimal digits, zero-padded on the left (its last `width` digits if it has more),
    /// written straight into the room from the right, two at a time from a table: a division per digit was most of
    /// writing a number. The one digit writer of the text formats (integers, times' fields, decimals' parts).
    @inline(__always)
    mutating func put(digitsOf value: UInt64, width: Int) {
        var v = value, p = take(width) + width, left = width
        let pairs = Self.digitPairs.utf8Start
        while left >= 2 {
            let q = v / 100
            let r = Int(v &- q &* 100)
            p -= 2
            p[0] = pairs[2 &* r]
            p[1] = pairs[2 &* r &+ 1]
            v = q
            left -= 2
        }
        if left == 1 { (p - 1).pointee = UInt8(truncatingIfNeeded: 48 &+ v % 10) }
    }

    /// How many decimal digits `value` has (1 for 0).
    @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {
        var digits = 1
        while digits < 20, value >= powersOfTen[digits] { digits += 1 }
        return digits
    }

    /// 10^0 … 10^19, every power of ten a `UInt64` holds.
    static let powersOfTen: [UInt64] = (0...19).map { k in (0..<k).reduce(1) { acc, _ in acc * 10 } }

    /// "00", "01", … "99": two digits at a time.
    private static let digitPairs: StaticString = """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """

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
