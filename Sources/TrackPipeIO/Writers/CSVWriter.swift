import TrackPipe

/// Writes CSV with a header row: `time` (ISO 8601 UTC), `lat`, `lon`, then one column per other field any fix
/// has (`ele`, `horizontal_accuracy`, `vertical_accuracy`, `speed`, `course`, `hdop`, `vdop`, `pdop`,
/// `satellites`, `fix`, `heart_rate`, `cadence`, `temperature`, `segment`, `paused`). Empty cells are unknown.
/// Numbers are the shortest decimals that read back exactly, so ``CSVReader`` returns the same fixes.
/// A horizontal accuracy estimated from HDOP is left empty (it is re-derived on reading). CSV has no place for
/// the track's name and activity; they are not written.
public enum CSVWriter {
    /// The CSV text for `track`; with `provenance`, a first comment line `# TrackPipe …` recording the run
    /// (see ``ProvenanceRecord``), which ``CSVReader`` skips.
    public static func write(_ track: Track, provenance: Provenance? = nil) -> [UInt8] {
        let fixes = track.fixes
        typealias Column = (name: String, value: (Fix) -> String?)
        func number(_ v: Double?) -> String? { v.flatMap(DecimalText.format) }
        let optional: [(String, (Fix) -> String?)] = [
            ("ele", { number($0.altitude) }),
            ("horizontal_accuracy", { $0.horizontalAccuracyIsEstimated ? nil : number($0.horizontalAccuracy) }),
            ("vertical_accuracy", { number($0.verticalAccuracy) }),
            ("speed", { number($0.speed) }),
            ("course", { number($0.course) }),
            ("hdop", { number($0.hdop) }),
            ("vdop", { number($0.vdop) }),
            ("pdop", { number($0.pdop) }),
            ("satellites", { $0.satellites.map(String.init) }),
            ("fix", { $0.fixQuality?.rawValue }),
            ("heart_rate", { number($0.heartRate) }),
            ("cadence", { number($0.cadence) }),
            ("temperature", { number($0.temperature) }),
            ("segment", { String($0.segment) }),
            ("paused", { $0.paused ? "true" : "false" }),
            ("received", { $0.received.flatMap(ISO8601Time.format) }),
        ]
        var columns: [Column] = [
            ("time", { $0.time.flatMap(ISO8601Time.format) }),
            ("lat", { number($0.latitude) }),
            ("lon", { number($0.longitude) }),
        ]
        for (name, value) in optional {
            let present: Bool
            switch name {
            case "segment": present = fixes.contains { $0.segment != 0 }
            case "paused": present = fixes.contains { $0.paused }
            default: present = fixes.contains { value($0) != nil }
            }
            if present { columns.append((name, value)) }
        }
        var out = provenance.map { "# " + ProvenanceRecord.sentence($0) + "\n" } ?? ""
        out += columns.map(\.name).joined(separator: ",") + "\n"
        out.reserveCapacity(fixes.count * 16 * columns.count)
        for f in fixes {
            var first = true
            for c in columns {
                if !first { out += "," }
                first = false
                if let v = c.value(f) { out += v }
            }
            out += "\n"
        }
        return Array(out.utf8)
    }
}
