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
///   is out of range, or has an unreadable time or value becomes a ``TrackPipe/RejectedRecord``.
public enum GeoJSONReader {
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, sourceName: String) throws -> Track {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(buffer: bytes), options: [])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw TrackReadError(file: sourceName, message: "not valid JSON: \(detail)")
        }
        guard let root = object as? [String: Any], let type = root["type"] as? String else {
            throw TrackReadError(file: sourceName, message: "expected a GeoJSON object with a \"type\" member")
        }
        let features: [Any]
        switch type {
        case "FeatureCollection":
            guard let list = root["features"] as? [Any] else {
                throw TrackReadError(file: sourceName, message: "FeatureCollection has no \"features\" array")
            }
            features = list
        case "Feature":
            features = [root]
        case "LineString", "MultiLineString", "Point", "MultiPoint":
            features = [["type": "Feature", "geometry": root, "properties": [String: Any]()] as [String: Any]]
        default:
            throw TrackReadError(file: sourceName, message:
                "GeoJSON type \"\(type)\" holds no track; expected a FeatureCollection, Feature, LineString or MultiLineString")
        }
        var builder = GeoJSONTrackBuilder()
        for (k, any) in features.enumerated() {
            guard let feature = any as? [String: Any] else { continue }
            builder.add(feature: feature, number: k)
        }
        return builder.track
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

    mutating func add(feature: [String: Any], number: Int) {
        let properties = feature["properties"] as? [String: Any] ?? [:]
        if track.name == nil { track.name = (properties["name"] ?? properties["title"]) as? String }
        if track.activity == nil, let a = (properties["activity"] ?? properties["sport"] ?? properties["activityType"]) as? String {
            track.activity = Activity(loose: a)
        }
        guard let geometry = feature["geometry"] as? [String: Any], let type = geometry["type"] as? String else { return }
        let coordinates = geometry["coordinates"]
        let perPoint = perPointArrays(properties)
        switch type {
        case "LineString", "MultiPoint":
            lastWasPoint = false
            newSegment()
            addLine(coordinates as? [Any] ?? [], perPoint: perPoint.mapValues { $0 as? [Any] ?? [] },
                    pointProperties: [:], where_: "feature \(number)")
        case "MultiLineString":
            lastWasPoint = false
            for (l, line) in (coordinates as? [Any] ?? []).enumerated() {
                newSegment()
                let nested = perPoint.mapValues { (($0 as? [Any]).flatMap { l < $0.count ? $0[l] as? [Any] : nil }) ?? [] }
                addLine(line as? [Any] ?? [], perPoint: nested, pointProperties: [:], where_: "feature \(number) line \(l)")
            }
        case "Point":
            if !lastWasPoint { newSegment() }
            lastWasPoint = true
            addLine([coordinates as Any], perPoint: [:], pointProperties: properties, where_: "feature \(number)")
        default:
            return
        }
    }

    /// Per-point arrays by field: `coordTimes`/`times` and `coordinateProperties.*`.
    func perPointArrays(_ properties: [String: Any]) -> [TrackField: Any] {
        var out: [TrackField: Any] = [:]
        if let cp = properties["coordinateProperties"] as? [String: Any] {
            for (key, value) in cp {
                if let f = TrackField(columnName: key) ?? (TrackField.normalize(key) == "times" ? .time : nil) {
                    out[f] = value
                }
            }
        }
        if let t = properties["coordTimes"] ?? properties["times"] { out[.time] = t }
        return out
    }

    mutating func addLine(_ positions: [Any], perPoint: [TrackField: [Any]], pointProperties: [String: Any],
                          where_: String) {
        for (p, position) in positions.enumerated() {
            defer { index += 1 }
            var fix = Fix(time: nil, latitude: .nan, longitude: .nan, segment: max(segment, 0), sourceIndex: index)
            var problem: FieldValue.Problem?
            let numbers = (position as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }
            if let numbers, numbers.count >= 2, numbers.count == (position as? [Any])?.count {
                fix.longitude = numbers[0]
                fix.latitude = numbers[1]
                if numbers.count >= 3, numbers[2].isFinite { fix.altitude = numbers[2] }
            } else {
                problem = FieldValue.Problem(rule: "unparseable-coordinate",
                                             reason: "\(where_) position \(p) is not [longitude, latitude(, elevation)]")
            }
            if problem == nil {
                for (field, values) in perPoint where p < values.count {
                    guard let text = Self.text(values[p]) else { continue }
                    do { try FieldValue.apply(field, text, to: &fix, columnName: "\(field.rawValue)[\(p)]") } catch {
                        problem = error
                        break
                    }
                }
            }
            if problem == nil {
                for (key, value) in pointProperties {
                    guard let field = TrackField(columnName: key), let text = Self.text(value) else { continue }
                    do { try FieldValue.apply(field, text, to: &fix, columnName: key) } catch {
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

    /// A JSON scalar as text for ``FieldValue``; `nil` for null, arrays and objects.
    static func text(_ value: Any) -> String? {
        if let s = value as? String { return s }
        if let n = value as? NSNumber { return DecimalText.format(n.doubleValue) }
        return nil
    }
}
