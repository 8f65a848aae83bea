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
        var out = ""
        out.reserveCapacity(track.fixes.count * 220 + 1024)
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<gpx version=\"1.1\" creator=\"\(XMLText.escape(creator, attribute: true))\" xmlns=\"http://www.topografix.com/GPX/1/1\""
        out += " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
        out += " xmlns:gpxtpx=\"\(trackPointExtensionNamespace)\" xmlns:trackpipe=\"\(trackPipeNamespace)\""
        out += " xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd\">\n"
        if let provenance { out += ProvenanceRecord.gpxMetadata(provenance) }
        out += "  <trk>\n"
        if let name = track.name { out += "    <name>\(XMLText.escape(name))</name>\n" }
        if let activity = track.activity { out += "    <type>\(activity.rawValue)</type>\n" }
        for segment in track.segments {
            out += "    <trkseg>\n"
            for fix in segment { writePoint(fix, into: &out) }
            out += "    </trkseg>\n"
        }
        out += "  </trk>\n</gpx>\n"
        return Array(out.utf8)
    }

    static func writePoint(_ f: Fix, into out: inout String) {
        let lon = f.longitude == 180 ? -180 : f.longitude
        out += "      <trkpt lat=\"\(DecimalText.format(f.latitude) ?? "0")\" lon=\"\(DecimalText.format(lon) ?? "0")\">"
        func element(_ name: String, _ value: Double?) {
            if let value, let s = DecimalText.format(value) { out += "<\(name)>\(s)</\(name)>" }
        }
        element("ele", f.altitude)
        if let t = f.time, let s = ISO8601Time.format(t) { out += "<time>\(s)</time>" }
        let gpxFix: String?
        switch f.fixQuality {
        case .none?: gpxFix = "none"
        case .twoD?: gpxFix = "2d"
        case .threeD?: gpxFix = "3d"
        case .dgps?, .rtkFixed?, .rtkFloat?: gpxFix = "dgps"
        case .pps?: gpxFix = "pps"
        case .estimated?, nil: gpxFix = nil
        }
        if let gpxFix { out += "<fix>\(gpxFix)</fix>" }
        if let sat = f.satellites, sat >= 0 { out += "<sat>\(sat)</sat>" }
        element("hdop", f.hdop)
        element("vdop", f.vdop)
        element("pdop", f.pdop)

        // Extensions: Garmin TPX v2 where its types allow, trackpipe: for the rest.
        // TrackPointExtension v2 types: BeatsPerMinute_t is an unsignedByte ≥ 1, RevolutionsPerMinute_t ≤ 254.
        func isByte(_ v: Double?, _ range: ClosedRange<Double>) -> Bool {
            v.map { range.contains($0) && $0.rounded() == $0 } ?? false
        }
        let finite = { (v: Double?) -> Double? in v.flatMap { $0.isFinite ? $0 : nil } }
        var tpx = ""
        var own = ""
        func put(_ name: String, _ value: Double?, garmin: Bool) {
            guard let value = finite(value), let s = DecimalText.format(value) else { return }
            if garmin { tpx += "<gpxtpx:\(name)>\(s)</gpxtpx:\(name)>" } else { own += "<trackpipe:\(name)>\(s)</trackpipe:\(name)>" }
        }
        put("atemp", f.temperature, garmin: true)
        put("hr", f.heartRate, garmin: isByte(f.heartRate, 1...255))
        put("cad", f.cadence, garmin: isByte(f.cadence, 0...254))
        put("speed", f.speed, garmin: (f.speed ?? -1) >= 0)
        put("course", f.course, garmin: (f.course ?? -1) >= 0 && (f.course ?? 360) < 360)
        if !f.horizontalAccuracyIsEstimated { put("horizontalAccuracy", f.horizontalAccuracy, garmin: false) }
        put("verticalAccuracy", f.verticalAccuracy, garmin: false)
        if let q = f.fixQuality, gpxFix != q.rawValue { own += "<trackpipe:fixQuality>\(q.rawValue)</trackpipe:fixQuality>" }
        if f.paused { own += "<trackpipe:paused>true</trackpipe:paused>" }
        if !tpx.isEmpty || !own.isEmpty {
            out += "<extensions>"
            if !tpx.isEmpty { out += "<gpxtpx:TrackPointExtension>\(tpx)</gpxtpx:TrackPointExtension>" }
            out += own
            out += "</extensions>"
        }
        out += "</trkpt>\n"
    }
}
