/// One JSON object's members written at a ``ByteCursor``, for a record whose room was reserved once (a `stream`
/// fix line, a report's change record); ``JSONBytes`` writes its keys, numbers and times through it too. Keys are
/// literals; strings written with ``plainString(_:)`` must need no escaping.
struct JSONCursor {
    var cursor: ByteCursor
    /// False once a member was written: the next is preceded by a comma.
    var first = true

    init(cursor: ByteCursor) {
        self.cursor = cursor
    }

    /// `"key":`, preceded by a comma unless it is the object's first member. The key is one copy and the rest byte
    /// stores in room taken at once: a copy for each of the four pieces was 21 M of the 254 M instructions a
    /// 23 000-fix run's report costs (callgrind).
    @inline(__always)
    mutating func key(_ k: StaticString) {
        let count = k.utf8CodeUnitCount
        let comma = first ? 0 : 1
        let p = cursor.take(count + 3 + comma)
        if comma == 1 { p.initialize(to: UInt8(ascii: ",")) }
        p[comma] = UInt8(ascii: "\"")
        (p + comma + 1).initialize(from: k.utf8Start, count: count)
        p[comma + 1 + count] = UInt8(ascii: "\"")
        p[comma + 2 + count] = UInt8(ascii: ":")
        first = false
    }

    /// The shortest decimal that reads back as `v` (``DecimalText``); `"inf"`, `"-inf"` or `"nan"` when it is not
    /// finite (at most ``DecimalText/maximumLength`` bytes).
    mutating func number(_ v: Double) {
        if !DecimalText.put(v, to: &cursor) { cursor.put(v.isNaN ? "\"nan\"" : v > 0 ? "\"inf\"" : "\"-inf\"") }
    }

    /// `s` quoted with JSON's escapes (``JSONQuoting``; at most ``JSONQuoting/maximumLength(_:)`` bytes).
    mutating func string(_ s: String) {
        JSONQuoting.put(s, to: &cursor)
    }

    /// `s` in quotes, as is: for strings of letters, digits and hyphens only (an enumeration's raw value).
    mutating func plainString(_ s: String) {
        cursor.put(UInt8(ascii: "\""))
        cursor.put(text: s)
        cursor.put(UInt8(ascii: "\""))
    }

    /// `"key":"ISO 8601 time"` when `time` has an ISO 8601 text (``ISO8601Time``); nothing otherwise.
    mutating func time(_ key: StaticString, _ time: Double?) {
        guard let time else { return }
        let mark = cursor.position
        let wasFirst = first
        self.key(key)
        cursor.put(UInt8(ascii: "\""))
        if ISO8601Time.put(time, to: &cursor) {
            cursor.put(UInt8(ascii: "\""))
        } else {
            cursor.rewind(cursor.position - mark)
            first = wasFirst
        }
    }
}
