/// The GPX element names the reader acts on, matched on the local name only so any namespace prefix works
/// (`gpxtpx:hr`, `ns3:hr`, `hr` all mean heart rate).
enum GPXElement: UInt8 {
    case other
    case gpx, metadata, trk, rte, trkseg, trkpt, rtept, wpt, name, type
    // Point fields: GPX core.
    case ele, time, hdop, vdop, pdop, sat, fix
    // GPX 1.0 core and extensions (TrackPointExtension, OsmAnd, trackpipe:).
    case speed, course, hr, cad, atemp
    // Accuracy as iOS exporters (`hAcc`/`vAcc`) and others write it, and TrackPipe's own extension.
    case horizontalAccuracy, verticalAccuracy, fixQuality, paused
    // GPS Track Editor's `<gte:gps speed="km/h" azimuth="°"/>`.
    case gteGPS

    /// Whether the element's text is a point field.
    var isPointField: Bool { rawValue >= GPXElement.ele.rawValue && self != .gteGPS }

    /// Classifies a NUL-terminated local name without allocating.
    static func classify(_ p: UnsafePointer<UInt8>) -> GPXElement {
        let name = XMLLocalName(p)
        @inline(__always) func eq(_ s: StaticString) -> Bool { name.is(s) }
        switch name.count {
        case 2:
            if eq("hr") { return .hr }
        case 3:
            if eq("ele") { return .ele }
            if eq("sat") { return .sat }
            if eq("fix") { return .fix }
            if eq("trk") { return .trk }
            if eq("rte") { return .rte }
            if eq("wpt") { return .wpt }
            if eq("gpx") { return .gpx }
            if eq("cad") { return .cad }
            if eq("gps") { return .gteGPS }
        case 4:
            if eq("time") { return .time }
            if eq("hdop") { return .hdop }
            if eq("vdop") { return .vdop }
            if eq("pdop") { return .pdop }
            if eq("name") { return .name }
            if eq("type") { return .type }
            if eq("hAcc") || eq("hacc") { return .horizontalAccuracy }
            if eq("vAcc") || eq("vacc") { return .verticalAccuracy }
            if eq("temp") { return .atemp }
        case 5:
            if eq("trkpt") { return .trkpt }
            if eq("rtept") { return .rtept }
            if eq("speed") { return .speed }
            if eq("atemp") { return .atemp }
        case 6:
            if eq("trkseg") { return .trkseg }
            if eq("course") { return .course }
            if eq("paused") { return .paused }
        case 7:
            if eq("cadence") { return .cad }
        case 8:
            if eq("metadata") { return .metadata }
        case 9:
            if eq("heartrate") || eq("heartRate") { return .hr }
        case 10:
            if eq("fixQuality") { return .fixQuality }
        case 18:
            if eq("horizontalAccuracy") { return .horizontalAccuracy }
        case 16:
            if eq("verticalAccuracy") { return .verticalAccuracy }
        case 19:
            if eq("horizontal_accuracy") { return .horizontalAccuracy }
        case 17:
            if eq("vertical_accuracy") { return .verticalAccuracy }
        default:
            break
        }
        return .other
    }
}
