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
        var document: [UInt8] = []
        document.reserveCapacity(track.fixes.count * 96 + 256)  // a row of time, position and a few fields
        write(track, provenance: provenance) { document += $0 }
        return document
    }

    /// The same text handed to `sink` in blocks of about 256 KiB, in order, so a large track is
    /// never held whole as text.
    public static func write(_ track: Track, provenance: Provenance? = nil, to sink: ([UInt8]) throws -> Void) rethrows {
        let fixes = track.fixes
        /// A column: its header, whether a fix has a value for it, and the value's text written into a row (at
        /// most ``DecimalText/maximumLength`` bytes: the longest cell, a number).
        typealias Column = (name: String, has: @Sendable (Fix) -> Bool, write: @Sendable (Fix, inout ByteCursor) -> Void)
        func number(_ name: String, _ value: @escaping @Sendable (Fix) -> Double?) -> Column {
            (name, { value($0)?.isFinite == true }, { f, out in if let v = value(f) { DecimalText.put(v, to: &out) } })
        }
        func time(_ name: String, _ value: @escaping @Sendable (Fix) -> Double?) -> Column {
            (name, { value($0).map { ISO8601Time.format($0) != nil } ?? false },
             { f, out in if let t = value(f) { ISO8601Time.put(t, to: &out) } })
        }
        let optional: [Column] = [
            number("ele") { $0.altitude },
            number("horizontal_accuracy") { $0.horizontalAccuracyIsEstimated ? nil : $0.horizontalAccuracy },
            number("vertical_accuracy") { $0.verticalAccuracy },
            number("speed") { $0.speed },
            number("course") { $0.course },
            number("hdop") { $0.hdop },
            number("vdop") { $0.vdop },
            number("pdop") { $0.pdop },
            ("satellites", { $0.satellites != nil }, { f, out in if let n = f.satellites { out.put(integer: n) } }),
            ("fix", { $0.fixQuality != nil }, { f, out in if let q = f.fixQuality { out.put(text: q.rawValue) } }),
            number("heart_rate") { $0.heartRate },
            number("cadence") { $0.cadence },
            number("temperature") { $0.temperature },
            ("segment", { $0.segment != 0 }, { f, out in out.put(integer: f.segment) }),
            ("paused", { $0.paused }, { f, out in out.put(f.paused ? "true" : "false") }),
            time("received") { $0.received },
        ]
        var columns: [Column] = [time("time") { $0.time }, number("lat") { $0.latitude }, number("lon") { $0.longitude }]
        for column in optional where fixes.contains(where: column.has) { columns.append(column) }
        var out = OutputBlock()
        if let provenance { out.bytes.append(text: "# " + ProvenanceRecord.sentence(provenance) + "\n") }
        out.bytes.append(text: columns.map(\.name).joined(separator: ",") + "\n")
        // A row: each cell and its separator; room for it reserved once.
        let rowMaximumLength = columns.count * (DecimalText.maximumLength + 1)
        let chosen = columns
        try out.append(count: fixes.count, maximumLength: rowMaximumLength, to: sink) { k, row in
            let f = fixes[k]
            for (i, c) in chosen.enumerated() {
                if i > 0 { row.put(UInt8(ascii: ",")) }
                c.write(f, &row)
            }
            row.put(UInt8(ascii: "\n"))
        }
        try out.flush(to: sink)
    }
}
