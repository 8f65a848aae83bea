import TrackPipe

/// The NDJSON fix lines TrackPipe writes — `trackpipe stream`'s `fix`, `drop`, `change` and `event` lines and every line
/// of an NDJSON track (``NDJSONWriter``) — appended straight to a byte buffer: the same keys, sorted, and values as
/// `JSONEncoder` gives them, without its cost (encoding each line with `JSONEncoder` was a third of `stream`'s
/// time; issue 18) and without an allocation per line. Numbers are the shortest decimals that read back exactly,
/// never with an exponent; non-finite ones are `"inf"`, `"-inf"`, `"nan"`. Each line ends with a newline.
public enum NDJSONLines {
    /// One output line of `trackpipe stream`, decided and not yet written: a fix with its live figures, a drop,
    /// a change or an event.
    public enum Line: Sendable {
        case fix(Fix, LiveFigures.Figures?)
        case drop(DropRecord)
        case change(FixChange)
        case event(StageEvent)
    }

    /// Appends `lines`, in order, to `bytes`.
    public static func append(_ lines: [Line], to bytes: inout [UInt8]) {
        for line in lines {
            switch line {
            case .fix(let fix, let figures): appendFix(fix, figures: figures, to: &bytes)
            case .drop(let record): appendDrop(record, to: &bytes)
            case .change(let change): appendChange(change, to: &bytes)
            case .event(let event): appendEvent(event, to: &bytes)
            }
        }
    }

    /// The most bytes a `fix` line takes: its keys and punctuation (under 1 KiB), sixteen numbers, two times and
    /// three whole numbers.
    static let fixLineMaximumLength = 1024 + 16 * DecimalText.maximumLength + 2 * ISO8601Time.maximumLength
        + 3 * ByteCursor.maximumIntegerLength

    /// Appends the `fix` line of `fix` (``NDJSONFixCodec/record(for:)``'s keys) to `bytes`, with the live
    /// `figures` after it when given: `distance` (m), `moving_time` (s), `pace` (s/m). Written through one
    /// cursor into room reserved once for the whole line (`stream` writes one of these per fix).
    public static func appendFix(_ fix: Fix, figures: LiveFigures.Figures? = nil, to bytes: inout [UInt8]) {
        bytes.append(atMost: fixLineMaximumLength) { c in
            var out = JSONCursor(cursor: c)
            func number(_ key: StaticString, _ value: Double?) {
                guard let value else { return }
                out.key(key)
                out.number(value)
            }
            out.cursor.put(UInt8(ascii: "{"))
            number("cad", fix.cadence)
            number("course", fix.course)
            number("distance", figures?.distance)
            number("ele", fix.altitude)
            if let quality = fix.fixQuality { out.key("fix"); out.plainString(quality.rawValue) }
            number("hacc", fix.horizontalAccuracyIsEstimated ? nil : fix.horizontalAccuracy)
            number("hdop", fix.hdop)
            number("hr", fix.heartRate)
            out.key("index"); out.cursor.put(integer: fix.sourceIndex)
            number("lat", fix.latitude)
            number("lon", fix.longitude)
            number("moving_time", figures?.movingTime)
            number("pace", figures?.pace)
            if fix.paused { out.key("paused"); out.cursor.put("true") }
            number("pdop", fix.pdop)
            out.time("received", fix.received)
            if let sats = fix.satellites { out.key("sats"); out.cursor.put(integer: sats) }
            out.key("segment"); out.cursor.put(integer: fix.segment)
            number("speed", fix.speed)
            number("temp", fix.temperature)
            out.time("time", fix.time)
            out.key("type"); out.cursor.put("\"fix\"")
            number("vacc", fix.verticalAccuracy)
            number("vdop", fix.vdop)
            out.cursor.put("}\n")
            c = out.cursor
        }
    }

    /// Appends the `drop` line: `type` and the ``DropRecord`` keys.
    public static func appendDrop(_ record: DropRecord, to bytes: inout [UInt8]) {
        write(to: &bytes) { out in
            record.appendJSON(to: &out, type: "drop")
            out.literal("\n")
        }
    }

    /// Appends the `change` line: `type` and the ``ChangeRecord`` keys.
    public static func appendChange(_ change: FixChange, to bytes: inout [UInt8]) {
        write(to: &bytes) { out in
            ChangeRecord.appendJSON(change, to: &out, type: "change")
            out.literal("\n")
        }
    }

    /// Appends the `event` line: `fields`, `index`, `kind`, `stage`, `time` (ISO 8601) and `type`, sorted, with the
    /// fields' keys sorted too (as `JSONEncoder` wrote it; a twentieth of `stream`'s time went into that).
    public static func appendEvent(_ event: StageEvent, to bytes: inout [UInt8]) {
        write(to: &bytes) { out in
            var first = true
            out.literal("{")
            out.key("fields", first: &first); out.value(.object(event.fields))
            if let index = event.sourceIndex { out.key("index", first: &first); out.int(index) }
            out.key("kind", first: &first); out.string(event.kind)
            out.key("stage", first: &first); out.string(event.stage)
            out.time("time", event.time, first: &first)
            out.key("type", first: &first); out.string("event")
            out.literal("}\n")
        }
    }

    /// Runs `body` on a ``JSONBytes`` that holds `bytes` (moved in and back out, not copied).
    private static func write(to bytes: inout [UInt8], _ body: (inout JSONBytes) -> Void) {
        var out = JSONBytes()
        swap(&out.bytes, &bytes)
        body(&out)
        swap(&out.bytes, &bytes)
    }
}
