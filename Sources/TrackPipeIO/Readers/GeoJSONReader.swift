import Foundation
import TrackPipe

/// Reads GeoJSON (RFC 7946) tracks.
///
/// - `LineString` and `MultiLineString` features: positions `[lon, lat(, ele)]`; per-point times from
///   `properties.coordTimes` (the GPX-to-GeoJSON convention of togeojson/ogr), `properties.times` or
///   `properties.coordinateProperties.times` (ISO 8601 strings or Unix seconds); other per-point arrays in
///   `properties.coordinateProperties` under any ``TrackField`` name (`horizontalAccuracy`, `hr`, …). For a
///   `MultiLineString` every array is nested per line. Each line is one segment.
/// - `Point` features (in a `FeatureCollection`): the time from a `time`/`timestamp`/… property and any other
///   ``TrackField`` property; consecutive points form one segment (unless a `segment` property says otherwise).
/// - A bare geometry or a single `Feature` at the top level is accepted too; other geometry types are skipped.
/// - Every position is one record, numbered in document order; a position that is not `[number, number, …]`,
///   is out of range, or has an unreadable time or value becomes a `RejectedRecord`. When a per-point array
///   (`coordTimes`, …) has another length than the line's positions, every position of that line is rejected
///   (rule `per-point-length-mismatch`): nothing says which value belongs to which position.
public enum GeoJSONReader {
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, sourceName: String) throws -> Track {
        // simdjson reads a document JSONDecoder would read the same way (``JSONTree``); JSONDecoder reads the rest
        // and gives the verdict. Not JSONSerialization: on Linux it rounds some decimals to a neighbouring Double
        // (-116.64204972738926 reads as …928), which would move every written-and-read position.
        let root: JSONValue
        if let parsed = JSONTree().parse(bytes) {
            root = parsed
        } else {
            do {
                root = try JSONDecoder().decode(JSONValue.self, from: Data(buffer: bytes))
            } catch {
                throw Self.syntaxError(bytes, sourceName: sourceName, decoderError: error)
            }
        }
        guard case .object(let object) = root, case .string(let type)? = object["type"] else {
            throw TrackReadError(file: sourceName, message: "expected a GeoJSON object with a \"type\" member")
        }
        let features: [JSONValue]
        switch type {
        case "FeatureCollection":
            guard case .array(let list)? = object["features"] else {
                throw TrackReadError(file: sourceName, message: "FeatureCollection has no \"features\" array")
            }
            features = list
        case "Feature":
            features = [root]
        case "LineString", "MultiLineString", "Point", "MultiPoint":
            features = [.object(["type": .string("Feature"), "geometry": root, "properties": .object([:])])]
        default:
            throw TrackReadError(file: sourceName, message:
                "GeoJSON type \"\(type)\" holds no track; expected a FeatureCollection, Feature, LineString or MultiLineString")
        }
        var builder = GeoJSONTrackBuilder()
        for (k, value) in features.enumerated() {
            guard case .object(let feature) = value else { continue }
            builder.add(feature: feature, number: k)
        }
        return builder.track
    }

    /// The error for a document JSONDecoder rejected. Its message does not say where, so the document is
    /// parsed again with JSONSerialization, whose message gives the offending byte's offset ("around character
    /// 45"), turned here into a line and column.
    static func syntaxError(_ bytes: UnsafeBufferPointer<UInt8>, sourceName: String, decoderError: any Error) -> TrackReadError {
        var detail: String?
        do {
            _ = try JSONSerialization.jsonObject(with: Data(buffer: bytes), options: [])
        } catch {
            detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        }
        if detail == nil, case DecodingError.dataCorrupted(let context) = decoderError { detail = context.debugDescription }
        let message = "not valid JSON: " + (detail ?? "\(decoderError)")
        guard let detail, let range = detail.range(of: #"character \d+"#, options: .regularExpression),
              let offset = Int(detail[range].dropFirst("character ".count)), offset <= bytes.count else {
            return TrackReadError(file: sourceName, message: message)
        }
        // The offset counts from 1 (it names the offending byte itself).
        var line = 1, column = 1
        for b in bytes.prefix(max(offset - 1, 0)) {
            if b == 10 { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return TrackReadError(file: sourceName, line: line, column: column, message: message)
    }
}

/// Accumulates fixes from GeoJSON features; see ``GeoJSONReader``.
struct GeoJSONTrackBuilder {
    var track = Track(sourceFormat: TrackFormat.geojson.rawValue)
    var index = 0
    var segment = -1
    var segmentHasFixes = false
    var lastWasPoint = false

    mutating func newSegment() {
        if segment < 0 || segmentHasFixes {
            segment += 1
            segmentHasFixes = false
        }
    }

    mutating func add(feature: [String: JSONValue], number: Int) {
        var properties: [String: JSONValue] = [:]
        if case .object(let p)? = feature["properties"] { properties = p }
        if track.name == nil, case .string(let name)? = properties["name"] ?? properties["title"] { track.name = name }
        if track.activity == nil,
           case .string(let a)? = properties["activity"] ?? properties["sport"] ?? properties["activityType"] {
            track.activity = Activity(loose: a)
        }
        guard case .object(let geometry)? = feature["geometry"], case .string(let type)? = geometry["type"] else { return }
        let coordinates = geometry["coordinates"] ?? .null
        let perPoint = perPointArrays(properties)
        switch type {
        case "LineString", "MultiPoint":
            lastWasPoint = false
            newSegment()
            addLine(coordinates.items, perPoint: perPoint.mapValues(\.items), pointProperties: [:], where_: "feature \(number)")
        case "MultiLineString":
            lastWasPoint = false
            for (l, line) in coordinates.items.enumerated() {
                newSegment()
                let nested = perPoint.mapValues { values in l < values.items.count ? values.items[l].items : [] }
                addLine(line.items, perPoint: nested, pointProperties: [:], where_: "feature \(number) line \(l)")
            }
        case "Point":
            if !lastWasPoint { newSegment() }
            lastWasPoint = true
            addLine([coordinates], perPoint: [:], pointProperties: properties, where_: "feature \(number)")
        default:
            return
        }
    }

    /// Per-point arrays by field: `coordTimes`/`times` and `coordinateProperties.*`.
    func perPointArrays(_ properties: [String: JSONValue]) -> [TrackField: JSONValue] {
        var out: [TrackField: JSONValue] = [:]
        if case .object(let cp)? = properties["coordinateProperties"] {
            for (key, value) in cp {
                if let f = TrackField(columnName: key) ?? (TrackField.normalize(key) == "times" ? .time : nil) {
                    out[f] = value
                }
            }
        }
        if let t = properties["coordTimes"] ?? properties["times"] { out[.time] = t }
        return out
    }

    mutating func addLine(_ positions: [JSONValue], perPoint: [TrackField: [JSONValue]], pointProperties: [String: JSONValue],
                          where_: String) {
        // A per-point array of another length cannot say which value belongs to which position (one missing in
        // the middle shifts every later time): every position of the line is rejected, naming the mismatch.
        if let (field, values) = perPoint.sorted(by: { $0.key.rawValue < $1.key.rawValue }).first(where: { $0.value.count != positions.count }) {
            let name = field == .time ? "coordTimes" : field.rawValue
            for p in positions.indices {
                track.rejected.append(RejectedRecord(
                    sourceIndex: index, rule: "per-point-length-mismatch",
                    reason: "\(where_) position \(p): \(name) has \(values.count) values for \(positions.count) positions"))
                index += 1
            }
            return
        }
        for (p, position) in positions.enumerated() {
            defer { index += 1 }
            var fix = Fix(time: nil, latitude: .nan, longitude: .nan, segment: max(segment, 0), sourceIndex: index)
            var problem: FieldValue.Problem?
            let items = position.items
            let numbers = items.compactMap { item -> Double? in
                if case .number(let d) = item { return d }
                return nil
            }
            if numbers.count >= 2, numbers.count == items.count {
                fix.longitude = numbers[0]
                fix.latitude = numbers[1]
                if numbers.count >= 3, numbers[2].isFinite { fix.altitude = numbers[2] }
            } else {
                problem = FieldValue.Problem(rule: "unparseable-coordinate",
                                             reason: "\(where_) position \(p) is not [longitude, latitude(, elevation)]")
            }
            if problem == nil {
                for (field, values) in perPoint where p < values.count {
                    do { try Self.apply(field, values[p], to: &fix, columnName: "\(field.rawValue)[\(p)]") } catch {
                        problem = error
                        break
                    }
                }
            }
            if problem == nil {
                for (key, value) in pointProperties {
                    guard let field = TrackField(columnName: key) else { continue }
                    do { try Self.apply(field, value, to: &fix, columnName: key) } catch {
                        problem = error
                        break
                    }
                }
            }
            if problem == nil, let c = CoordinateCheck.problem(latitude: fix.latitude, longitude: fix.longitude) {
                problem = FieldValue.Problem(rule: c.rule, reason: "\(where_) position \(p): \(c.reason)")
            }
            if let problem {
                track.rejected.append(RejectedRecord(sourceIndex: index, rule: problem.rule, reason: problem.reason))
                continue
            }
            fix.estimateAccuracyFromHDOPIfMissing()
            track.fixes.append(fix)
            segmentHasFixes = true
        }
    }

    /// A JSON scalar into `field`: numbers directly (no round trip through text), strings and booleans as
    /// text; null, arrays and objects mean "unknown".
    static func apply(_ field: TrackField, _ value: JSONValue, to fix: inout Fix, columnName: @autoclosure () -> String) throws(FieldValue.Problem) {
        switch value {
        case .number(let d): try FieldValue.apply(field, number: d, to: &fix, columnName: columnName())
        case .string(let s): try FieldValue.apply(field, s, to: &fix, columnName: columnName())
        case .bool(let b): try FieldValue.apply(field, b ? "true" : "false", to: &fix, columnName: columnName())
        case .null, .array, .object: return
        }
    }
}
