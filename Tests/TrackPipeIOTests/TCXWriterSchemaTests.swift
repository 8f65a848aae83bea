import Foundation
import Testing
import TestSupport
import TrackPipe
import TrackPipeLab
@testable import TrackPipeIO

/// Written TCX is Training Center Database v2 as its schema (TrainingCenterDatabasev2.xsd) has it — the schema's
/// licence does not let it ship here, so its rules are transcribed: the element order of every `xsd:sequence`
/// written, required elements and attributes, and value types and ranges. Checked on seeded random tracks and
/// a real recording, parsed with Foundation's XMLParser (not TrackPipe's libxml2 reader); then read back with
/// TrackPipe's reader for the values.
@Suite struct TCXWriterSchemaTests {
    static let tcx = TCXWriter.namespace
    static let ax = TCXWriter.activityExtensionNamespace

    // Sequences transcribed from TrainingCenterDatabasev2.xsd: TrainingCenterDatabase_t, ActivityList_t,
    // Activity_t, ActivityLap_t, Track_t, Trackpoint_t, Position_t, HeartRateInBeatsPerMinute_t; and
    // ActivityExtensionv2.xsd's ActivityTrackpointExtension_t.
    static let rootOrder = ["Folders", "Activities", "Workouts", "Courses", "Author", "Extensions"]
    static let activitiesOrder = ["Activity", "MultiSportSession"]
    static let activityOrder = ["Id", "Lap", "Notes", "Training", "Creator", "Extensions"]
    static let lapOrder = ["TotalTimeSeconds", "DistanceMeters", "MaximumSpeed", "Calories", "AverageHeartRateBpm",
                           "MaximumHeartRateBpm", "Intensity", "Cadence", "TriggerMethod", "Track", "Notes", "Extensions"]
    static let trackpointOrder = ["Time", "Position", "AltitudeMeters", "DistanceMeters", "HeartRateBpm", "Cadence",
                                  "SensorState", "Extensions"]
    static let positionOrder = ["LatitudeDegrees", "LongitudeDegrees"]
    static let tpxOrder = ["Speed", "RunCadence", "Watts", "Extensions"]
    static let repeatable: Set<String> = ["Activity", "Lap", "Track", "Trackpoint"]
    static let required: [String: [String]] = [
        "Activity": ["Id", "Lap"], "Lap": ["TotalTimeSeconds", "DistanceMeters", "Calories", "Intensity", "TriggerMethod"],
        "Trackpoint": ["Time"], "Position": ["LatitudeDegrees", "LongitudeDegrees"], "HeartRateBpm": ["Value"],
    ]

    static func orderProblems(_ node: XMLTree, _ order: [String], where_ here: String) -> [String] {
        var problems = node.orderProblems(order, repeatable: repeatable, where: here)
        for name in required[node.name] ?? [] where node.child(name) == nil {
            problems.append("\(here): <\(node.name)> lacks the required <\(name)>")
        }
        return problems
    }

    static func isDateTime(_ s: String) -> Bool {
        s.wholeMatch(of: #/-?\d{4,}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?/#) != nil
    }

    static func isDouble(_ s: String) -> Bool { s.wholeMatch(of: #/-?\d+(\.\d+)?([eE][+-]?\d+)?/#) != nil }

    /// Every schema problem in a written document.
    static func problems(_ bytes: [UInt8]) throws -> [String] {
        let root = try XMLTree.parse(bytes)
        var p: [String] = []
        if root.name != "TrainingCenterDatabase" || root.namespace != tcx { p.append("root is \(root.name) in \(root.namespace ?? "none")") }
        p += orderProblems(root, rootOrder, where_: "root")
        for activities in root.all("Activities") {
            p += orderProblems(activities, activitiesOrder, where_: "Activities")
            for (a, activity) in activities.all("Activity").enumerated() {
                let here = "activity \(a)"
                p += orderProblems(activity, activityOrder, where_: here)
                if !["Running", "Biking", "Other"].contains(activity.attributes["Sport"] ?? "") {
                    p.append("\(here): Sport \(activity.attributes["Sport"] ?? "missing") is not Sport_t")
                }
                if let id = activity.child("Id"), !isDateTime(id.text) { p.append("\(here): Id \(id.text) is not xsd:dateTime") }
                for (l, lap) in activity.all("Lap").enumerated() {
                    p += lapProblems(lap, where_: "\(here) lap \(l)")
                }
            }
        }
        return p
    }

    static func lapProblems(_ lap: XMLTree, where_ here: String) -> [String] {
        var p = orderProblems(lap, lapOrder, where_: here)
        if !isDateTime(lap.attributes["StartTime"] ?? "") { p.append("\(here): StartTime missing or not xsd:dateTime") }
        for name in ["TotalTimeSeconds", "DistanceMeters"] {
            if let v = lap.child(name)?.text, !(isDouble(v) && Double(v)! >= 0) { p.append("\(here): \(name) \(v)") }
        }
        if let v = lap.child("Calories")?.text, UInt16(v) == nil { p.append("\(here): Calories \(v) is not unsignedShort") }
        if let v = lap.child("Intensity")?.text, !["Active", "Resting"].contains(v) { p.append("\(here): Intensity \(v)") }
        if let v = lap.child("TriggerMethod")?.text, !["Manual", "Distance", "Location", "Time", "HeartRate"].contains(v) {
            p.append("\(here): TriggerMethod \(v)")
        }
        for (t, track) in lap.all("Track").enumerated() {
            if track.children.isEmpty { p.append("\(here) track \(t): a Track needs at least one Trackpoint") }
            for (k, pt) in track.children.enumerated() {
                let where_ = "\(here) track \(t) pt \(k)"
                if pt.name != "Trackpoint" { p.append("\(where_): <\(pt.name)> in <Track>"); continue }
                p += pointProblems(pt, where_: where_)
            }
        }
        return p
    }

    static func pointProblems(_ pt: XMLTree, where_ here: String) -> [String] {
        var p = orderProblems(pt, trackpointOrder, where_: here)
        for c in pt.children {
            let v = c.text
            switch c.name {
            case "Time": if !isDateTime(v) { p.append("\(here): Time \(v)") }
            case "AltitudeMeters", "DistanceMeters": if !isDouble(v) { p.append("\(here): \(c.name) \(v) is not xsd:double") }
            case "Cadence": if UInt8(v).map({ $0 <= 254 }) != true { p.append("\(here): Cadence \(v) is not 0…254") }
            case "HeartRateBpm":
                p += orderProblems(c, ["Value"], where_: here)
                if let value = c.child("Value")?.text, UInt8(value).map({ $0 >= 1 }) != true { p.append("\(here): heart rate \(value) is not 1…255") }
            case "Position":
                p += orderProblems(c, positionOrder, where_: here)
                if let lat = c.child("LatitudeDegrees").flatMap({ Double($0.text) }), !(-90...90).contains(lat) { p.append("\(here): latitude \(lat)") }
                if let lon = c.child("LongitudeDegrees").flatMap({ Double($0.text) }), !(lon >= -180 && lon < 180) { p.append("\(here): longitude \(lon)") }
            case "Extensions":
                for e in c.children where e.namespace == ax {
                    guard e.name == "TPX" else { p.append("\(here): <\(e.name)> is not an ActivityTrackpointExtension"); continue }
                    p += orderProblems(e, tpxOrder, where_: here + " TPX")
                    if let s = e.child("Speed")?.text, !(isDouble(s) && Double(s)! >= 0) { p.append("\(here): Speed \(s) is not ≥ 0") }
                }
            default: break
            }
        }
        return p
    }

    /// The DistanceMeters of every trackpoint, in document order.
    static func pointDistances(_ bytes: [UInt8]) throws -> [Double] {
        let root = try XMLTree.parse(bytes)
        return root.all("Activities").flatMap { $0.all("Activity") }.flatMap { $0.all("Lap") }.flatMap { $0.all("Track") }
            .flatMap { $0.all("Trackpoint") }.compactMap { $0.child("DistanceMeters").flatMap { Double($0.text) } }
    }

    @Test func randomTracksAreSchemaValidAndReadBack() throws {
        var written = 0
        for seed in UInt64(1)...120 {
            var rng = SplitMix64(seed: seed &+ 77_000)
            let track = RandomTrack.make(&rng)
            guard track.fixes.allSatisfy({ $0.time != nil }) else {
                #expect(throws: TrackWriteError.self) { try TCXWriter.write(track) }
                continue
            }
            written += 1
            let bytes = try TCXWriter.write(track)
            let problems = try Self.problems(bytes)
            #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
            if !problems.isEmpty { break }
            let again = try TrackReader.read(bytes: bytes, format: .tcx, sourceName: "random.tcx")
            #expect(again.fixes.count == track.fixes.count, "seed \(seed)")
            for (a, b) in zip(track.fixes, again.fixes) {
                #expect(a.latitude == b.latitude && (a.longitude == 180 ? -180 : a.longitude) == b.longitude, "seed \(seed)")
                #expect(abs((a.time ?? 0) - (b.time ?? -1)) < 1e-6, "seed \(seed)")
                #expect(a.altitude == b.altitude, "seed \(seed)")
                #expect(a.segment == b.segment, "seed \(seed)")
                let hr = a.heartRate.flatMap { (0.5..<255.5).contains($0) ? $0.rounded() : nil }
                #expect(b.heartRate == hr, "seed \(seed)")
                let speed = a.speed.flatMap { $0 >= 0 ? $0 : nil }
                #expect(b.speed == speed, "seed \(seed)")
            }
        }
        #expect(written > 25)  // the rest have an untimed fix: an error, checked above
    }

    @Test func theCheckerCatchesWhatTheSchemaForbids() throws {
        let bad = """
            <TrainingCenterDatabase xmlns="\(Self.tcx)"><Activities><Activity Sport="Swimming"><Lap StartTime="x">
            <DistanceMeters>1</DistanceMeters><TotalTimeSeconds>1</TotalTimeSeconds><Calories>0</Calories>
            <Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod>
            <Track><Trackpoint><DistanceMeters>1</DistanceMeters><Time>2020-01-01T00:00:00Z</Time>
            <HeartRateBpm><Value>0</Value></HeartRateBpm><Cadence>255</Cadence></Trackpoint></Track>
            </Lap></Activity></Activities></TrainingCenterDatabase>
            """
        let problems = try Self.problems(Array(bad.utf8))
        // Id missing, Sport, TotalTimeSeconds order, StartTime, Time order, heart rate, cadence.
        #expect(problems.count == 7, "\(problems)")
    }

    @Test func distancesAreTheGivenSeriesCarriedOverGaps() throws {
        // Four fixes 0.001° of latitude apart on the equator; the series knows fixes 0, 1 and 3 (source indices
        // 10, 11, 13) — a fix a later stage added (12) carries the previous value.
        let fixes = (0..<4).map { Fix(time: 1000 + Double($0), latitude: Double($0) * 0.001, longitude: 0, sourceIndex: 10 + $0) }
        let series = PerFixSeries(sourceIndices: [10, 11, 13], values: [0, 5.5, 17.25], unit: .metres)
        let bytes = try TCXWriter.write(Track(fixes: fixes), cumulativeDistance: series)
        #expect(try Self.pointDistances(bytes) == [0, 5.5, 5.5, 17.25])
        let lap = try #require(try XMLTree.parse(bytes).child("Activities")?.child("Activity")?.child("Lap"))
        #expect(lap.child("DistanceMeters")?.text == "17.25")
        #expect(lap.child("TotalTimeSeconds")?.text == "3")
        // TrackPipe's reader keeps them as the device's distance.
        let back = try TrackReader.read(bytes: bytes, format: .tcx, sourceName: "d.tcx")
        #expect(back.fixes.count == 4)
    }

    @Test func withoutASeriesTheFixesAreMeasured() throws {
        // On the equator a meridian degree is 110 574.4 m (WGS84: M = a(1−e²)/(1−e² sin²φ)^{3/2} · π/180 at φ = 0),
        // so 0.001° steps are 110.574 m each; a segment break adds nothing and a paused fix is not counted into.
        var fixes = (0..<5).map { Fix(time: 1000 + Double($0), latitude: Double($0) * 0.001, longitude: 0, sourceIndex: $0) }
        fixes[3].segment = 1
        fixes[4].segment = 1
        let bytes = try TCXWriter.write(Track(fixes: fixes))
        let d = try Self.pointDistances(bytes)
        let step = 110_574.4 * 0.001
        let expected = [0, step, 2 * step, 2 * step, 3 * step]
        #expect(zip(d, expected).allSatisfy { abs($0 - $1) < 0.01 }, "\(d)")
        let tracks = try XMLTree.parse(bytes).child("Activities")?.child("Activity")?.child("Lap")?.all("Track")
        #expect(tracks?.map { $0.all("Trackpoint").count } == [3, 2])
    }

    @Test func anUntimedFixIsAnErrorNamingIt() throws {
        let fixes = [Fix(time: 5, latitude: 1, longitude: 2, sourceIndex: 0), Fix(time: nil, latitude: 1, longitude: 2, sourceIndex: 7)]
        let error = try #require(throws: TrackWriteError.self) { try TCXWriter.write(Track(fixes: fixes), target: "out.tcx") }
        #expect(error.description.contains("out.tcx: TCX needs a time on every trackpoint, and fix 2 (record 8) has none"))
    }

    @Test func anEmptyTrackIsADocumentWithoutActivities() throws {
        let bytes = try TCXWriter.write(Track())
        #expect(try Self.problems(bytes).isEmpty)
        let back = try TrackReader.read(bytes: bytes, format: .tcx, sourceName: "e.tcx")
        #expect(back.fixes.isEmpty && back.rejected.isEmpty)
    }

    @Test func edgeValuesAndProvenanceStayValid() throws {
        let fixes = [
            Fix(time: 0.25, latitude: -90, longitude: 180, speed: -0.5, heartRate: 0.2, cadence: 254.6, sourceIndex: 0),
            Fix(time: 1e9, latitude: 90, longitude: -180, speed: 0, heartRate: 255.4, cadence: 254.4, sourceIndex: 1),
            Fix(time: 1e9 + 1, latitude: .nan, longitude: 0, altitude: -1e-9, heartRate: 72.5, sourceIndex: 2),
        ]
        let provenance = Provenance(pipelineName: "</Notes>&\"x\"", canonicalSpec: "{}", trackpipeVersion: "9.9")
        let bytes = try TCXWriter.write(Track(activity: .cycling, fixes: fixes), provenance: provenance)
        let problems = try Self.problems(bytes)
        #expect(problems.isEmpty, "\(problems)")
        let activity = try #require(try XMLTree.parse(bytes).child("Activities")?.child("Activity"))
        #expect(activity.attributes["Sport"] == "Biking")
        #expect(activity.child("Notes")?.text == ProvenanceRecord.sentence(provenance))
        let points = try #require(activity.child("Lap")?.child("Track")?.all("Trackpoint"))
        #expect(points[0].child("HeartRateBpm") == nil && points[0].child("Cadence") == nil && points[0].child("Extensions") == nil)
        #expect(points[0].child("Position")?.child("LongitudeDegrees")?.text == "-180")
        #expect(points[1].child("HeartRateBpm")?.child("Value")?.text == "255" && points[1].child("Cadence")?.text == "254")
        #expect(points[2].child("Position") == nil && points[2].child("HeartRateBpm")?.child("Value")?.text == "73")
    }

    @Test func theFenix2RunIsSchemaValid() throws {
        let track = try TrackReader.read(path: try TestData.path("real/fenix2-run-fit/activity-small-fenix2-run.fit"))
        let bytes = try TCXWriter.write(track)
        #expect(try Self.problems(bytes).isEmpty)
        let distances = try Self.pointDistances(bytes)
        #expect(distances.count == track.fixes.count)
        #expect(zip(distances, distances.dropFirst()).allSatisfy { $0 <= $1 })
    }
}
