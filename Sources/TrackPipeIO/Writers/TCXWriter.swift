import TrackPipe

/// Writes Garmin Training Center XML v2 (TCX), with a cumulative `DistanceMeters` on every trackpoint.
///
/// Why TCX: Strava and Garmin Connect take the distance stream inside an uploaded file when it has one, and GPX
/// has none; so a TCX is how a pipeline's cleaned distance reaches them. The document follows the TCX v2 schema
/// (`TrainingCenterDatabasev2.xsd`): elements in schema order, values in the schema's types and ranges.
///
/// - One `Activity` (`Sport` `Running` for running, `Biking` for cycling, `Other` otherwise; `Id` the first
///   fix's time) with one `Lap` (`StartTime` the first fix's time, `TotalTimeSeconds` the moving time and
///   `DistanceMeters` the total distance, both by `DistanceAccumulator`'s rules over the cumulative distances
///   given) holding one `Track` per segment. A track without fixes is a document with no activity.
/// - Per fix a `Trackpoint`: `Time`, `Position` (when the coordinates are valid), `AltitudeMeters`,
///   `DistanceMeters`, `HeartRateBpm` (whole bpm 1…255, rounded), `Cadence` (whole rpm 0…254, rounded) and the
///   Activity Extension's `TPX/Speed` (m/s, ≥ 0). Values outside those types are left out rather than
///   written invalid.
/// - The provenance sentence (see ``ProvenanceRecord``) goes into the activity's `Notes`.
///
/// TCX has no element for accuracy, DOP, satellites, fix quality, course or temperature: those are not written
/// (write GPX or NDJSON to keep them). Every trackpoint needs a time, so a track with an untimed fix cannot be
/// written as TCX; that is an error naming the fix, not a silent drop.
public enum TCXWriter {
    public static let namespace = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
    public static let activityExtensionNamespace = "http://www.garmin.com/xmlschemas/ActivityExtension/v2"

    /// The TCX document for `track`.
    ///
    /// - Parameters:
    ///   - track: the track to write; every fix needs a time.
    ///   - cumulativeDistance: metres per fix by `Fix.sourceIndex` — a pipeline's `cumulative-distance`
    ///     annotation. A fix missing from it carries the previous fix's value (a fix a later stage added moved
    ///     no distance by the pipeline's measure). `nil`: the distance is measured here over the fixes as they
    ///     are, by `DistanceAccumulator` with the default formula (what `trackpipe convert` writes).
    ///   - target: the output's name, for errors.
    ///   - provenance: the run that produced the track, recorded in the activity's `Notes`.
    /// - Throws: ``TrackWriteError`` when a fix has no (finite, representable) time.
    public static func write(_ track: Track, cumulativeDistance: PerFixSeries? = nil, target: String = "-",
                             provenance: Provenance? = nil) throws -> [UInt8] {
        var times: [String] = []
        times.reserveCapacity(track.fixes.count)
        for (i, fix) in track.fixes.enumerated() {
            guard let t = fix.time, let s = ISO8601Time.format(t) else {
                throw TrackWriteError(file: target, message: "TCX needs a time on every trackpoint, and fix \(i + 1) (record \(fix.sourceIndex + 1)) has none; write gpx, csv, geojson or ndjson instead")
            }
            times.append(s)
        }
        let distances = Self.distances(track, given: cumulativeDistance)
        var accumulator = DistanceAccumulator()
        for fix in track.fixes { accumulator.advance(fix) }

        var out = ""
        out.reserveCapacity(track.fixes.count * 260 + 1024)
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<TrainingCenterDatabase xmlns=\"\(namespace)\" xmlns:ns3=\"\(activityExtensionNamespace)\""
        out += " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
        out += " xsi:schemaLocation=\"\(namespace) http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd\">\n"
        guard let first = times.first else {
            out += "  <Activities/>\n</TrainingCenterDatabase>\n"
            return Array(out.utf8)
        }
        out += "  <Activities>\n"
        out += "    <Activity Sport=\"\(sport(track.activity))\">\n"
        out += "      <Id>\(first)</Id>\n"
        out += "      <Lap StartTime=\"\(first)\">\n"
        out += "        <TotalTimeSeconds>\(number(accumulator.movingTime))</TotalTimeSeconds>\n"
        out += "        <DistanceMeters>\(number(distances.last ?? 0))</DistanceMeters>\n"
        out += "        <Calories>0</Calories>\n"
        out += "        <Intensity>Active</Intensity>\n"
        out += "        <TriggerMethod>Manual</TriggerMethod>\n"
        for segment in track.segments {
            out += "        <Track>\n"
            for i in segment.indices { writePoint(track.fixes[i], time: times[i], distance: distances[i], into: &out) }
            out += "        </Track>\n"
        }
        out += "      </Lap>\n"
        if let provenance { out += "      <Notes>\(XMLText.escape(ProvenanceRecord.sentence(provenance)))</Notes>\n" }
        out += "    </Activity>\n  </Activities>\n</TrainingCenterDatabase>\n"
        return Array(out.utf8)
    }

    /// TCX's `Sport_t`: Running, Biking or Other.
    static func sport(_ activity: Activity?) -> String {
        switch activity {
        case .running?: return "Running"
        case .cycling?: return "Biking"
        default: return "Other"
        }
    }

    /// Cumulative metres per fix, in track order: from `given` (carrying the last value over gaps), or measured.
    static func distances(_ track: Track, given: PerFixSeries?) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(track.fixes.count)
        if let given {
            var last = 0.0
            for fix in track.fixes {
                if let v = given.value(forSourceIndex: fix.sourceIndex), v.isFinite { last = v }
                out.append(last)
            }
        } else {
            var accumulator = DistanceAccumulator()
            for fix in track.fixes { out.append(accumulator.advance(fix).distanceAfter) }
        }
        return out
    }

    static func number(_ value: Double) -> String { DecimalText.format(value) ?? "0" }

    static func writePoint(_ f: Fix, time: String, distance: Double, into out: inout String) {
        out += "          <Trackpoint><Time>\(time)</Time>"
        if DistanceAccumulator.hasValidCoordinates(f) {
            // DegreesLongitude_t is −180 ≤ lon < 180.
            let lon = f.longitude == 180 ? -180 : f.longitude
            out += "<Position><LatitudeDegrees>\(number(f.latitude))</LatitudeDegrees>"
            out += "<LongitudeDegrees>\(number(lon))</LongitudeDegrees></Position>"
        }
        if let alt = f.altitude, let s = DecimalText.format(alt) { out += "<AltitudeMeters>\(s)</AltitudeMeters>" }
        out += "<DistanceMeters>\(number(distance))</DistanceMeters>"
        if let hr = f.heartRate, hr.isFinite, (0.5..<255.5).contains(hr) {
            out += "<HeartRateBpm><Value>\(Int(hr.rounded()))</Value></HeartRateBpm>"
        }
        if let cad = f.cadence, cad.isFinite, (0..<254.5).contains(cad) { out += "<Cadence>\(Int(cad.rounded()))</Cadence>" }
        if let speed = f.speed, speed.isFinite, speed >= 0 {
            out += "<Extensions><ns3:TPX><ns3:Speed>\(number(speed))</ns3:Speed></ns3:TPX></Extensions>"
        }
        out += "</Trackpoint>\n"
    }
}
