import TrackPipe

/// JSON text appended byte by byte, for documents too large to build as values first (a run report lists every
/// changed fix: 230 000 of them for a 230 000-fix run). Numbers are the shortest decimals that read back exactly
/// (``DecimalText/format(_:)``); non-finite numbers are written as the strings `"inf"`, `"-inf"` and `"nan"`, as
/// TrackPipe's encoders write them; strings are quoted with RFC 8259 escapes.
struct JSONBytes {
    var bytes: [UInt8] = []

    mutating func raw(_ text: String) { bytes.append(text: text) }

    /// `text` as is, from a literal: its bytes are copied without going through a `String` (a report's members
    /// are millions of these).
    mutating func literal(_ text: StaticString) { bytes.append(text: text) }

    /// `s` quoted (``JSONQuoting``).
    mutating func string(_ s: String) { JSONQuoting.append(s, to: &bytes) }

    /// A number as ``JSONCursor/number(_:)`` writes it.
    mutating func number(_ v: Double) {
        var first = true
        member(room: DecimalText.maximumLength + 6, first: &first) { $0.number(v) }
    }

    mutating func int(_ v: Int) { bytes.append(integer: v) }

    mutating func bool(_ v: Bool) { if v { literal("true") } else { literal("false") } }

    /// `v` as JSON, object keys in sorted order (byte order of their UTF-8, as `JSONEncoder`'s `.sortedKeys`).
    mutating func value(_ v: JSONValue) {
        switch v {
        case .null: literal("null")
        case .bool(let b): bool(b)
        case .number(let d): number(d)
        case .string(let s): string(s)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                value(item)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (i, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                string(key)
                bytes.append(UInt8(ascii: ":"))
                value(members[key]!)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// `"key":"ISO 8601 time"` (preceded by a comma unless first) when `time` has an ISO 8601 text
    /// (``JSONCursor/time(_:_:)``); nothing otherwise.
    mutating func time(_ key: StaticString, _ time: Double?, first: inout Bool) {
        member(room: key.utf8CodeUnitCount + 6 + ISO8601Time.maximumLength, first: &first) { $0.time(key, time) }
    }

    /// `"key":` preceded by a comma unless it is the object's first member (``JSONCursor/key(_:)``).
    mutating func key(_ k: StaticString, first: inout Bool) {
        member(room: k.utf8CodeUnitCount + 4, first: &first) { $0.key(k) }
    }

    /// Runs `body` on a ``JSONCursor`` over room for `room` bytes at the end of ``bytes``, the object's
    /// first-member state carried in and out: the members' text is written in one place.
    private mutating func member(room: Int, first: inout Bool, _ body: (inout JSONCursor) -> Void) {
        var isFirst = first
        bytes.append(atMost: room) { cursor in
            var json = JSONCursor(cursor: cursor)
            json.first = isFirst
            body(&json)
            cursor = json.cursor
            isFirst = json.first
        }
        first = isFirst
    }
}

extension DropRecord {
    /// The record as one compact JSON object, keys sorted — the same members `Encodable` gives, and a `type`
    /// member when given (a `stream` output line).
    func appendJSON(to out: inout JSONBytes, type: String? = nil) {
        var first = true
        out.literal("{")
        if let detail { out.key("detail", first: &first); out.string(detail) }
        if let latitude { out.key("latitude", first: &first); out.number(latitude) }
        if let line { out.key("line", first: &first); out.int(line) }
        if let longitude { out.key("longitude", first: &first); out.number(longitude) }
        if let measured { out.key("measured", first: &first); out.number(measured) }
        out.key("rule", first: &first); out.string(rule)
        out.key("source_index", first: &first); out.int(sourceIndex)
        out.key("stage", first: &first); out.string(stage)
        if let threshold { out.key("threshold", first: &first); out.number(threshold) }
        if let time { out.key("time", first: &first); out.string(time) }
        if let type { out.key("type", first: &first); out.string(type) }
        if let unit { out.key("unit", first: &first); out.string(unit) }
        out.literal("}")
    }
}

extension ChangeRecord {
    /// The most bytes one record takes besides its `stage` and `type` strings: markup (under 1 KiB), nine
    /// numbers, two times and three whole numbers.
    static let maximumLengthBesidesStrings = 1024 + 9 * DecimalText.maximumLength + 2 * ISO8601Time.maximumLength
        + 3 * ByteCursor.maximumIntegerLength

    /// The record of `change` as one compact JSON object, keys sorted — the members `ChangeRecord(change)`
    /// encodes to — and a `type` member when given (a `stream` output line). Written from the change itself, so
    /// a report of 230 000 changes builds no records and no time strings, through one ``ByteCursor`` (room for
    /// the record reserved once: member by member, the report's changes were a quarter of `run --report`).
    static func appendJSON(_ change: FixChange, to out: inout JSONBytes, type: String? = nil) {
        let stage = change.stage
        let room = maximumLengthBesidesStrings + JSONQuoting.maximumLength(stage) + (type.map(JSONQuoting.maximumLength) ?? 0)
        out.bytes.append(atMost: room) { c in
            var record = JSONCursor(cursor: c)
            record.cursor.put(UInt8(ascii: "{"))
            record.key("moved"); record.number(Geodesy.distance(change.original.point, change.updated.point))
            record.key("original"); putSide(change.original, to: &record.cursor)
            record.key("source_index"); record.cursor.put(integer: change.original.sourceIndex)
            record.key("stage"); record.string(stage)
            if let type { record.key("type"); record.string(type) }
            record.key("updated"); putSide(change.updated, to: &record.cursor)
            record.cursor.put(UInt8(ascii: "}"))
            c = record.cursor
        }
    }

    /// One side, as ``ChangeRecord/Side`` encodes: `time` only when it has an ISO 8601 text.
    static func putSide(_ s: FixSnapshot, to cursor: inout ByteCursor) {
        var side = JSONCursor(cursor: cursor)
        side.cursor.put(UInt8(ascii: "{"))
        if let altitude = s.altitude { side.key("altitude"); side.number(altitude) }
        if let accuracy = s.horizontalAccuracy { side.key("horizontal_accuracy"); side.number(accuracy) }
        side.key("latitude"); side.number(s.latitude)
        side.key("longitude"); side.number(s.longitude)
        side.key("paused"); side.cursor.put(s.paused ? "true" : "false")
        side.key("segment"); side.cursor.put(integer: s.segment)
        side.time("time", s.time)
        side.cursor.put(UInt8(ascii: "}"))
        cursor = side.cursor
    }
}
