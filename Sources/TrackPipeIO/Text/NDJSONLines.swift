import TrackPipe

/// The NDJSON lines `trackpipe stream` writes for every fix (``NDJSONFixCodec``'s `fix`, `drop` and `change`
/// lines), written straight into bytes: the same keys, sorted, and values as `JSONEncoder` gives them, without
/// its cost (encoding each line with `JSONEncoder` was a third of `stream`'s time; issue 18). Numbers are the
/// shortest decimals that read back exactly, never with an exponent; non-finite ones are `"inf"`, `"-inf"`,
/// `"nan"`. Each line ends with a newline.
public enum NDJSONLines {
    /// The `fix` line of an accepted fix (``NDJSONFixCodec/record(for:)``'s keys), with the live `figures`
    /// after it when given: `distance` (m), `moving_time` (s), `pace` (s/m).
    public static func fix(_ fix: Fix, figures: LiveFigures.Figures? = nil) -> [UInt8] {
        var out = JSONBytes()
        out.bytes.reserveCapacity(256)
        var first = true
        out.raw("{")
        func number(_ key: String, _ value: Double?) {
            guard let value else { return }
            out.key(key, first: &first)
            out.number(value)
        }
        func time(_ key: String, _ value: Double?) {
            guard let value, let text = ISO8601Time.format(value) else { return }
            out.key(key, first: &first)
            out.string(text)
        }
        number("cad", fix.cadence)
        number("course", fix.course)
        number("distance", figures?.distance)
        number("ele", fix.altitude)
        if let quality = fix.fixQuality { out.key("fix", first: &first); out.string(quality.rawValue) }
        number("hacc", fix.horizontalAccuracyIsEstimated ? nil : fix.horizontalAccuracy)
        number("hdop", fix.hdop)
        number("hr", fix.heartRate)
        out.key("index", first: &first); out.int(fix.sourceIndex)
        number("lat", fix.latitude)
        number("lon", fix.longitude)
        number("moving_time", figures?.movingTime)
        number("pace", figures?.pace)
        if fix.paused { out.key("paused", first: &first); out.bool(true) }
        number("pdop", fix.pdop)
        time("received", fix.received)
        if let sats = fix.satellites { out.key("sats", first: &first); out.int(Int(sats)) }
        out.key("segment", first: &first); out.int(fix.segment)
        number("speed", fix.speed)
        number("temp", fix.temperature)
        time("time", fix.time)
        out.key("type", first: &first); out.string("fix")
        number("vacc", fix.verticalAccuracy)
        number("vdop", fix.vdop)
        out.raw("}\n")
        return out.bytes
    }

    /// The `drop` line: `type` and the ``DropRecord`` keys.
    public static func drop(_ record: DropRecord) -> [UInt8] {
        var out = JSONBytes()
        record.appendJSON(to: &out, type: "drop")
        out.raw("\n")
        return out.bytes
    }

    /// The `change` line: `type` and the ``ChangeRecord`` keys.
    public static func change(_ change: FixChange) -> [UInt8] {
        var out = JSONBytes()
        ChangeRecord.appendJSON(change, to: &out, type: "change")
        out.raw("\n")
        return out.bytes
    }
}
