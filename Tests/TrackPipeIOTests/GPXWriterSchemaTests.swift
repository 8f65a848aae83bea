import Foundation
import Testing
import TrackPipe
import TrackPipeLab
import TrackPipeIO
import TestSupport

/// Written GPX is GPX 1.1 as its schema (http://www.topografix.com/GPX/1/1/gpx.xsd) has it: element order
/// of every `xsd:sequence` it uses, value types and ranges, and Garmin TrackPointExtension v2 order and types.
/// Checked on the output of seeded random tracks and a real recording, parsed with Foundation's XMLParser.
@Suite struct GPXWriterSchemaTests {
    static let gpxNamespace = "http://www.topografix.com/GPX/1/1"
    static let tpxNamespace = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"

    // The sequences, transcribed from gpx.xsd (gpxType, metadataType, trkType, trksegType, wptType) and
    // TrackPointExtensionv2.xsd (TrackPointExtension_t).
    static let gpxOrder = ["metadata", "wpt", "rte", "trk", "extensions"]
    static let metadataOrder = ["name", "desc", "author", "copyright", "link", "time", "keywords", "bounds", "extensions"]
    static let trkOrder = ["name", "cmt", "desc", "src", "link", "number", "type", "extensions", "trkseg"]
    static let trksegOrder = ["trkpt", "extensions"]
    static let wptOrder = ["ele", "time", "magvar", "geoidheight", "name", "cmt", "desc", "src", "link", "sym", "type",
                           "fix", "sat", "hdop", "vdop", "pdop", "ageofdgpsdata", "dgpsid", "extensions"]
    static let tpxOrder = ["atemp", "wtemp", "depth", "hr", "cad", "speed", "course", "bearing", "Extensions"]
    /// Elements that may appear more than once in a row.
    static let repeatable: Set<String> = ["wpt", "rte", "trk", "trkseg", "trkpt", "link"]

    /// Problems with the order of `node`'s children against `order`.
    static func orderProblems(_ node: XMLTree, _ order: [String], where_: String) -> [String] {
        node.orderProblems(order, repeatable: repeatable, where: where_)
    }

    /// xsd:decimal: optional sign, digits with an optional point, no exponent.
    static func isDecimal(_ s: String) -> Bool { s.wholeMatch(of: #/[+-]?(\d+(\.\d*)?|\.\d+)/#) != nil }
    /// xsd:dateTime as GPX uses it.
    static func isDateTime(_ s: String) -> Bool {
        s.wholeMatch(of: #/-?\d{4,}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?/#) != nil
    }

    /// Every schema problem in a written document.
    static func problems(_ bytes: [UInt8]) throws -> [String] {
        let root = try XMLTree.parse(bytes)
        var p: [String] = []
        if root.name != "gpx" || root.namespace != gpxNamespace { p.append("root is \(root.name) in \(root.namespace ?? "no namespace")") }
        if root.attributes["version"] != "1.1" { p.append("version is \(root.attributes["version"] ?? "missing")") }
        if (root.attributes["creator"] ?? "").isEmpty { p.append("creator is required") }
        p += orderProblems(root, gpxOrder, where_: "gpx")
        if let m = root.child("metadata") { p += orderProblems(m, metadataOrder, where_: "metadata") }
        for (t, trk) in root.all("trk").enumerated() {
            p += orderProblems(trk, trkOrder, where_: "trk \(t)")
            for (s, seg) in trk.all("trkseg").enumerated() {
                p += orderProblems(seg, trksegOrder, where_: "trk \(t) seg \(s)")
                for (k, pt) in seg.all("trkpt").enumerated() {
                    let here = "trk \(t) seg \(s) pt \(k)"
                    p += pointProblems(pt, where_: here)
                }
            }
        }
        return p
    }

    static func pointProblems(_ pt: XMLTree, where_ here: String) -> [String] {
        var p = orderProblems(pt, wptOrder, where_: here)
        if pt.children.contains(where: { $0.namespace != gpxNamespace }) { p.append("\(here): child outside the GPX namespace") }
        guard let latText = pt.attributes["lat"], let lonText = pt.attributes["lon"], isDecimal(latText), isDecimal(lonText),
              let lat = Double(latText), let lon = Double(lonText) else {
            return p + ["\(here): lat/lon missing or not xsd:decimal: \(pt.attributes)"]
        }
        if !(-90...90).contains(lat) { p.append("\(here): lat \(lat) outside −90…90") }
        if !(lon >= -180 && lon < 180) { p.append("\(here): lon \(lon) outside −180…<180") }
        for c in pt.children {
            let v = c.text.trimmingCharacters(in: .whitespacesAndNewlines)
            switch c.name {
            case "ele", "hdop", "vdop", "pdop":
                if !isDecimal(v) { p.append("\(here): <\(c.name)> \(v) is not xsd:decimal") }
            case "time":
                if !isDateTime(v) { p.append("\(here): <time> \(v) is not xsd:dateTime") }
            case "sat":
                if UInt(v) == nil { p.append("\(here): <sat> \(v) is not a non-negative integer") }
            case "fix":
                if !["none", "2d", "3d", "dgps", "pps"].contains(v) { p.append("\(here): <fix> \(v) not in the enumeration") }
            case "extensions":
                for e in c.children where e.namespace == tpxNamespace {
                    guard e.name == "TrackPointExtension" else {
                        p.append("\(here): <\(e.name)> is not a TrackPointExtension v2 element")
                        continue
                    }
                    p += orderProblems(e, tpxOrder, where_: here + " tpx")
                    p += tpxValueProblems(e, where_: here)
                }
            default:
                break
            }
        }
        return p
    }

    /// TrackPointExtension v2 simple types: DegreesCelsius_t double; BeatsPerMinute_t unsignedByte ≥ 1;
    /// RevolutionsPerMinute_t unsignedByte ≤ 254; Speed_t double ≥ 0; DegreesTrue_t double 0…<360.
    static func tpxValueProblems(_ e: XMLTree, where_ here: String) -> [String] {
        var p: [String] = []
        for c in e.children {
            let v = c.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let d = Double(v)
            switch c.name {
            case "atemp": if d == nil { p.append("\(here): atemp \(v)") }
            case "hr": if UInt8(v).map({ $0 >= 1 }) != true { p.append("\(here): hr \(v) is not 1…255") }
            case "cad": if UInt8(v).map({ $0 <= 254 }) != true { p.append("\(here): cad \(v) is not 0…254") }
            case "speed": if !(d.map { $0 >= 0 } ?? false) { p.append("\(here): speed \(v) is negative or not a number") }
            case "course": if !(d.map { $0 >= 0 && $0 < 360 } ?? false) { p.append("\(here): course \(v) is not 0…<360") }
            default: break
            }
        }
        return p
    }

    @Test func randomTracksAreSchemaValid() throws {
        for seed in UInt64(1)...120 {
            var rng = SplitMix64(seed: seed &+ 1_000_003)
            let track = RandomTrack.make(&rng)
            let problems = try Self.problems(GPXWriter.write(track))
            #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
            if !problems.isEmpty { break }
        }
    }

    @Test func edgeValuesStayInTheirTypes() throws {
        // Values just outside the Garmin types' ranges go to the trackpipe: namespace, not into gpxtpx:.
        let fixes = [
            Fix(time: 0.5, latitude: -90, longitude: 180, speed: -0.5, course: 360, heartRate: 0, cadence: 255, sourceIndex: 0),
            Fix(time: 1e9, latitude: 90, longitude: -180, speed: 0, course: 0, heartRate: 255, cadence: 254, sourceIndex: 1),
            Fix(time: nil, latitude: 0.000001, longitude: 1e-7, altitude: -1e-9, heartRate: 72.5, sourceIndex: 2),
        ]
        let bytes = GPXWriter.write(Track(name: "<&>\"'", activity: .cycling, fixes: fixes))
        let problems = try Self.problems(bytes)
        #expect(problems.isEmpty, "\(problems)")
        let back = try TrackReader.read(bytes: bytes, format: .gpx, sourceName: "edge.gpx")
        #expect(back.name == "<&>\"'")
        #expect(back.fixes[0].heartRate == 0 && back.fixes[0].cadence == 255 && back.fixes[0].speed == -0.5 && back.fixes[0].course == 360)
        #expect(back.fixes[2].altitude == -1e-9 && back.fixes[2].longitude == 1e-7 && back.fixes[2].heartRate == 72.5)
    }

    @Test func realRecordingIsSchemaValid() throws {
        let track = try TrackReader.read(path: try TestData.real("applewatch-run/myfile_multseg.gpx"))
        let problems = try Self.problems(GPXWriter.write(track))
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    @Test func theCheckerCatchesWrongOrder() throws {
        // The checker itself must fail on a bad document (time before ele, trk before metadata, hr after cad).
        let bad = """
            <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="x" xmlns:t="\(Self.tpxNamespace)">
            <trk><trkseg><trkpt lat="1" lon="180"><time>2020-01-01T00:00:00Z</time><ele>1e3</ele>
            <extensions><t:TrackPointExtension><t:cad>80</t:cad><t:hr>0</t:hr></t:TrackPointExtension></extensions></trkpt></trkseg></trk>
            <metadata/></gpx>
            """
        let problems = try Self.problems(Array(bad.utf8))
        #expect(problems.count == 6, "\(problems)")  // metadata order, lon, ele order, ele decimal, hr order, hr value
    }
}
