import Foundation
import TrackPipe

/// Reads Android GnssLogger text logs: the `Fix,` lines (Android `Location` reports); `Raw`, `Nav`, `Status`
/// and other lines are skipped.
///
/// Columns come from the log's own `# Fix,…` header line when present (v1.4:
/// `Fix,Provider,Latitude,Longitude,Altitude,Speed,Accuracy,(UTC)TimeInMs`; v2+ adds `BearingDegrees`,
/// `VerticalAccuracyMeters`, … under names such as `LatitudeDegrees`, `UnixTimeMillis`), falling back to the
/// v1.4 layout. `Accuracy` is Android's `Location.getAccuracy()`: a 68 % horizontal radius in metres. A fix
/// from the `network` provider (cell/Wi-Fi) without a vertical accuracy gets `verticalAccuracy = -1`, the model's
/// "no GPS altitude" mark. Each `Fix` line is one record.
public enum GnssLoggerReader {
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, sourceName: String) throws -> Track {
        let text = String(decoding: bytes, as: UTF8.self)
        var columns: [String] = ["fix", "provider", "latitude", "longitude", "altitude", "speed", "accuracy", "utctimeinms"]
        var track = Track(sourceFormat: TrackFormat.gnsslogger.rawValue)
        var index = 0
        var lineNumber = 0
        // Swift treats CRLF as one Character, so split on both "\n" and "\r\n" (logs copied off Windows use CRLF).
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.hasPrefix("#") {
                let body = line.dropFirst().trimmingCharacters(in: .whitespaces)
                if body.hasPrefix("Fix,") {
                    columns = body.split(separator: ",", omittingEmptySubsequences: false).map { TrackField.normalize(String($0)) }
                }
                continue
            }
            guard line.hasPrefix("Fix,") else { continue }
            defer { index += 1 }
            let values = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            var fix = Fix(time: nil, latitude: .nan, longitude: .nan, sourceIndex: index)
            var provider = ""
            var problem: FieldValue.Problem?
            for (k, name) in columns.enumerated() where k < values.count {
                let value = values[k]
                let field: TrackField?
                switch name {
                case "provider": provider = value.lowercased(); field = nil
                case "latitude", "latitudedegrees": field = .latitude
                case "longitude", "longitudedegrees": field = .longitude
                case "altitude", "altitudemeters": field = .altitude
                case "speed", "speedmps": field = .speed
                case "accuracy", "accuracymeters": field = .horizontalAccuracy
                case "bearing", "bearingdegrees": field = .course
                case "verticalaccuracymeters", "verticalaccuracy": field = .verticalAccuracy
                case "utctimeinms", "unixtimemillis", "timeinms": field = .unixMilliseconds
                default: field = nil
                }
                guard let field else { continue }
                do { try FieldValue.apply(field, value, to: &fix, columnName: name) } catch {
                    problem = error
                    break
                }
            }
            if problem == nil, fix.latitude.isNaN || fix.longitude.isNaN {
                problem = FieldValue.Problem(rule: "missing-coordinate", reason: "the Fix line has no latitude or longitude")
            }
            if problem == nil, let p = CoordinateCheck.problem(latitude: fix.latitude, longitude: fix.longitude) {
                problem = FieldValue.Problem(rule: p.rule, reason: p.reason)
            }
            if let problem {
                track.rejected.append(RejectedRecord(sourceIndex: index, line: lineNumber, column: 1,
                                                     rule: problem.rule, reason: problem.reason))
                continue
            }
            if provider == "network", fix.verticalAccuracy == nil { fix.verticalAccuracy = -1 }
            track.fixes.append(fix)
        }
        guard index > 0 else {
            throw TrackReadError(file: sourceName, message:
                "no Fix lines found; expected GnssLogger text with lines such as Fix,gps,37.42,-122.08,-34.0,0.0,3.0,1467322190000")
        }
        return track
    }
}
