import TrackPipe

/// Writes GeoJSON (RFC 7946): a `FeatureCollection` with one `Feature` whose geometry is a `LineString` (one
/// segment) or `MultiLineString` (one line per segment), positions `[lon, lat(, ele)]`.
/// Per-point values use the togeojson conventions ``GeoJSONReader`` reads: `properties.coordTimes`
/// (ISO 8601, `null` when unknown) and `properties.coordinateProperties.<field>` arrays (`null` for unknown),
/// nested per line for a `MultiLineString`. An empty track is a `FeatureCollection` whose one feature has
/// `"geometry": null` and the name and activity (no feature at all when it has neither).
/// A horizontal accuracy estimated from HDOP is written as `null` (re-derived on reading).
public enum GeoJSONWriter {
    /// The GeoJSON text for `track`; with `provenance`, a `provenance` foreign member on the collection
    /// (see ``ProvenanceRecord``).
    public static func write(_ track: Track, provenance: Provenance? = nil) -> [UInt8] {
        let segments = track.segments
        var out = "{\"type\":\"FeatureCollection\","
        if let provenance { out += "\"provenance\":" + ProvenanceRecord.json(provenance) + "," }
        out += "\"features\":["
        var props: [String] = []
        if let name = track.name { props.append("\"name\":\(JSONQuoting.quote(name))") }
        if let a = track.activity { props.append("\"activity\":\"\(a.rawValue)\"") }
        guard !segments.isEmpty else {
            // No fixes: a feature without geometry (RFC 7946 §3.2) still carries the name and activity.
            if !props.isEmpty { out += "{\"type\":\"Feature\",\"properties\":{" + props.joined(separator: ",") + "},\"geometry\":null}" }
            return Array((out + "]}\n").utf8)
        }
        let multi = segments.count > 1
        func number(_ v: Double?) -> String { v.flatMap(DecimalText.format) ?? "null" }
        let fields: [(String, (Fix) -> String?)] = [
            ("horizontalAccuracy", { $0.horizontalAccuracyIsEstimated ? nil : $0.horizontalAccuracy.flatMap(DecimalText.format) }),
            ("verticalAccuracy", { $0.verticalAccuracy.flatMap(DecimalText.format) }),
            ("speed", { $0.speed.flatMap(DecimalText.format) }),
            ("course", { $0.course.flatMap(DecimalText.format) }),
            ("hdop", { $0.hdop.flatMap(DecimalText.format) }),
            ("vdop", { $0.vdop.flatMap(DecimalText.format) }),
            ("pdop", { $0.pdop.flatMap(DecimalText.format) }),
            ("satellites", { $0.satellites.map(String.init) }),
            ("fixQuality", { $0.fixQuality.map { "\"\($0.rawValue)\"" } }),
            ("heartRate", { $0.heartRate.flatMap(DecimalText.format) }),
            ("cadence", { $0.cadence.flatMap(DecimalText.format) }),
            ("temperature", { $0.temperature.flatMap(DecimalText.format) }),
            ("paused", { $0.paused ? "true" : nil }),
        ].filter { field in track.fixes.contains { field.1($0) != nil } }

        func perSegment(_ body: (ArraySlice<Fix>) -> String) -> String {
            let lines = segments.map { "[" + body($0) + "]" }
            return multi ? "[" + lines.joined(separator: ",") + "]" : lines[0]
        }
        out += "{\"type\":\"Feature\",\"properties\":{"
        if track.fixes.contains(where: { $0.time != nil }) {
            props.append("\"coordTimes\":" + perSegment { seg in
                seg.map { f in f.time.flatMap(ISO8601Time.format).map { "\"\($0)\"" } ?? "null" }.joined(separator: ",")
            })
        }
        if !fields.isEmpty {
            let inner = fields.map { name, value in
                "\"\(name)\":" + perSegment { seg in seg.map { value($0) ?? (name == "paused" ? "false" : "null") }.joined(separator: ",") }
            }
            props.append("\"coordinateProperties\":{" + inner.joined(separator: ",") + "}")
        }
        out += props.joined(separator: ",")
        out += "},\"geometry\":{\"type\":\"\(multi ? "MultiLineString" : "LineString")\",\"coordinates\":"
        out += perSegment { seg in
            seg.map { f in
                "[" + number(f.longitude) + "," + number(f.latitude)
                    + (f.altitude.flatMap(DecimalText.format).map { "," + $0 } ?? "") + "]"
            }.joined(separator: ",")
        }
        out += "}}]}\n"
        return Array(out.utf8)
    }
}
