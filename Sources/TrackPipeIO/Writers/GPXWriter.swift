import TrackPipe

/// Writes GPX 1.1, valid against the GPX 1.1 schema (elements in schema order, `lon` in −180…<180,
/// `fix` one of the schema's values), one `<trk>` with a `<trkseg>` per segment.
///
/// What GPX 1.1 has no element for goes into `<extensions>`, so reading the file back gives the same fixes:
/// - Garmin TrackPointExtension v2 (`gpxtpx:`): `atemp`, `hr` (whole numbers 1…255), `cad` (whole numbers
///   0…254), `speed` (≥ 0 m/s),
///   `course` (0…<360°) — the fields other tools understand;
/// - TrackPipe's namespace `urn:trackpipe:gpx:1` (`trackpipe:`): `horizontalAccuracy` (only when measured;
///   an estimate from HDOP is re-derived on reading), `verticalAccuracy`, `fixQuality` (when GPX's `<fix>`
///   cannot say it: RTK fixed/float are written as `dgps` there, dead reckoning not at all), `paused`, and any
///   value outside the Garmin types' ranges (fractional heart rate, negative speed, …).
/// Not written: `Fix.sourceIndex` (a reader numbers the records of the file it reads) and
/// `horizontalAccuracyIsEstimated` (implied, see above). A longitude of exactly 180° is written as −180°.
public enum GPXWriter {
    public static let trackPipeNamespace = "urn:trackpipe:gpx:1"
    public static let trackPointExtensionNamespace = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"

    /// The GPX document for `track`; with `provenance`, a `<metadata>` recording the run that produced it
    /// (see ``ProvenanceRecord``).
    public static func write(_ track: Track, creator: String = "TrackPipe", provenance: Provenance? = nil) -> [UInt8] {
        var document: [UInt8] = []
        document.reserveCapacity(track.fixes.count * 300 + 1024)
        write(track, creator: creator, provenance: provenance) { document += $0 }
        return document
    }

    /// The same document handed to `sink` in blocks of about 256 KiB, in order: a large track
    /// is never held whole as text (the 230 000-fix end-to-end run's 65 MB output grew by doubling, a fifth of
    /// `trackpipe run`'s time in copies and fresh pages).
    public static func write(_ track: Track, creator: String = "TrackPipe", provenance: Provenance? = nil,
                             to sink: ([UInt8]) throws -> Void) rethrows {
        var out = OutputBlock()
        out.bytes.append(text: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.bytes.append(text: "<gpx version=\"1.1\" creator=\"\(XMLText.escape(creator, attribute: true))\" xmlns=\"http://www.topografix.com/GPX/1/1\"")
        out.bytes.append(text: " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"")
        out.bytes.append(text: " xmlns:gpxtpx=\"\(trackPointExtensionNamespace)\" xmlns:trackpipe=\"\(trackPipeNamespace)\"")
        out.bytes.append(text: " xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd\">\n")
        if let provenance { out.bytes.append(text: ProvenanceRecord.gpxMetadata(provenance)) }
        out.bytes.append(text: "  <trk>\n")
        if let name = track.name { out.bytes.append(text: "    <name>\(XMLText.escape(name))</name>\n") }
        if let activity = track.activity { out.bytes.append(text: "    <type>\(activity.rawValue)</type>\n") }
        for segment in track.segments {
            out.bytes.append(text: "    <trkseg>\n")
            let start = segment.startIndex
            try out.append(count: segment.count, maximumLength: pointMaximumLength, to: sink) { i, c in
                writePoint(segment[start + i], to: &c)
            }
            out.bytes.append(text: "    </trkseg>\n")
        }
        out.bytes.append(text: "  </trk>\n</gpx>\n")
        try out.flush(to: sink)
    }

    /// The most bytes one `<trkpt>` line takes: its markup (under 1 KiB), thirteen numbers, a time and a count.
    static let pointMaximumLength = 1024 + 13 * DecimalText.maximumLength + ISO8601Time.maximumLength
        + ByteCursor.maximumIntegerLength

    /// One `<trkpt>` line, written straight into `out` through one ``ByteCursor`` (no intermediate strings, one
    /// reservation: this is most of a GPX write).
    static func writePoint(_ f: Fix, into out: inout [UInt8]) {
        out.append(atMost: pointMaximumLength) { writePoint(f, to: &$0) }
    }

    static func writePoint(_ f: Fix, to c: inout ByteCursor) {
        let lon = f.longitude == 180 ? -180 : f.longitude
        c.put("      <trkpt lat=\"")
        if !DecimalText.put(f.latitude, to: &c) { c.put(48) }
        c.put("\" lon=\"")
        if !DecimalText.put(lon, to: &c) { c.put(48) }
        c.put("\">")
        if let ele = f.altitude, ele.isFinite {
            c.put("<ele>")
            DecimalText.put(ele, to: &c)
            c.put("</ele>")
        }
        if let t = f.time {
            let mark = c.position
            c.put("<time>")
            if ISO8601Time.put(t, to: &c) { c.put("</time>") } else { c.rewind(c.position - mark) }
        }
        let gpxFix: StaticString?
        switch f.fixQuality {
        case .none?: gpxFix = "none"
        case .twoD?: gpxFix = "2d"
        case .threeD?: gpxFix = "3d"
        case .dgps?, .rtkFixed?, .rtkFloat?: gpxFix = "dgps"
        case .pps?: gpxFix = "pps"
        case .estimated?, nil: gpxFix = nil
        }
        if let gpxFix {
            c.put("<fix>")
            c.put(gpxFix)
            c.put("</fix>")
        }
        if let sat = f.satellites, sat >= 0 {
            c.put("<sat>")
            c.put(integer: sat)
            c.put("</sat>")
        }
        element("hdop", f.hdop, to: &c)
        element("vdop", f.vdop, to: &c)
        element("pdop", f.pdop, to: &c)

        // Extensions: Garmin TPX v2 where its types allow, trackpipe: for the rest, each group in this order.
        // TrackPointExtension v2 types: BeatsPerMinute_t is an unsignedByte ≥ 1, RevolutionsPerMinute_t ≤ 254.
        func isByte(_ v: Double?, _ range: ClosedRange<Double>) -> Bool {
            v.map { range.contains($0) && $0.rounded() == $0 } ?? false
        }
        let finite = { (v: Double?) -> Double? in v.flatMap { $0.isFinite ? $0 : nil } }
        // Seven values, by index in `extensionNames`' order (a switch, not arrays: no allocation per point).
        func value(_ i: Int) -> Double? {
            switch i {
            case 0: return finite(f.temperature)
            case 1: return finite(f.heartRate)
            case 2: return finite(f.cadence)
            case 3: return finite(f.speed)
            case 4: return finite(f.course)
            case 5: return f.horizontalAccuracyIsEstimated ? nil : finite(f.horizontalAccuracy)
            default: return finite(f.verticalAccuracy)
            }
        }
        func isGarmin(_ i: Int) -> Bool {
            switch i {
            case 0: return true
            case 1: return isByte(f.heartRate, 1...255)
            case 2: return isByte(f.cadence, 0...254)
            case 3: return (f.speed ?? -1) >= 0
            case 4: return (f.course ?? -1) >= 0 && (f.course ?? 360) < 360
            default: return false
            }
        }
        let ownQuality = f.fixQuality.flatMap { q -> FixQuality? in
            guard let gpxFix else { return q }
            return gpxFix.withUTF8Buffer { $0.elementsEqual(q.rawValue.utf8) } ? nil : q
        }
        var anyGarmin = false
        var anyOwn = ownQuality != nil || f.paused
        for i in 0..<7 where value(i) != nil {
            if isGarmin(i) { anyGarmin = true } else { anyOwn = true }
        }
        if anyGarmin || anyOwn {
            c.put("<extensions>")
            if anyGarmin {
                c.put("<gpxtpx:TrackPointExtension>")
                for i in 0..<7 where isGarmin(i) {
                    if let v = value(i) { tagged(extensionNames[i], v, prefix: "gpxtpx:", to: &c) }
                }
                c.put("</gpxtpx:TrackPointExtension>")
            }
            for i in 0..<7 where !isGarmin(i) {
                if let v = value(i) { tagged(extensionNames[i], v, prefix: "trackpipe:", to: &c) }
            }
            if let q = ownQuality {
                c.put("<trackpipe:fixQuality>")
                c.put(text: q.rawValue)
                c.put("</trackpipe:fixQuality>")
            }
            if f.paused { c.put("<trackpipe:paused>true</trackpipe:paused>") }
            c.put("</extensions>")
        }
        c.put("</trkpt>\n")
    }

    /// The extension elements' names, in the order ``writePoint(_:into:)`` lists their values.
    static let extensionNames: [StaticString] = ["atemp", "hr", "cad", "speed", "course", "horizontalAccuracy", "verticalAccuracy"]

    /// `<name>value</name>` when `value` is finite.
    @inline(__always)
    static func element(_ name: StaticString, _ value: Double?, to c: inout ByteCursor) {
        guard let value, value.isFinite else { return }
        tagged(name, value, prefix: "", to: &c)
    }

    /// `<PREFIXname>value</PREFIXname>`.
    @inline(__always)
    static func tagged(_ name: StaticString, _ value: Double, prefix: StaticString, to c: inout ByteCursor) {
        c.put(60)
        c.put(prefix)
        c.put(name)
        c.put(62)
        DecimalText.put(value, to: &c)
        c.put("</")
        c.put(prefix)
        c.put(name)
        c.put(62)
    }
}
