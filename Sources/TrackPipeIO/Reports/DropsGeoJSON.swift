import Foundation
import TrackPipe

/// The dropped fixes of a run as a GeoJSON FeatureCollection (RFC 7946) of Points, for `trackpipe run --drops`:
/// load it beside the kept track in any map viewer to see what each stage threw away and why.
///
/// Each feature's properties: `index` (source record), `stage`, `rule`, `measured`, `threshold`, `unit`,
/// `detail`, `time` (ISO 8601), and `input` (the file). Records the reader rejected have no position and are
/// listed in the collection's `unlocated` member instead (a foreign member, allowed by RFC 7946 §6.1).
public enum DropsGeoJSON {
    struct Collection: Encodable {
        var type = "FeatureCollection"
        var features: [Feature]
        var unlocated: [Properties]
        var provenance: ProvenanceRecord.Encoded
    }

    struct Feature: Encodable {
        var type = "Feature"
        var geometry: Geometry
        var properties: Properties
    }

    struct Geometry: Encodable {
        var type = "Point"
        var coordinates: [Double]
    }

    struct Properties: Encodable {
        var input: String
        var index: Int
        var stage: String
        var rule: String
        var measured: Double?
        var threshold: Double?
        var unit: String?
        var detail: String?
        var time: String?
    }

    /// Encodes the drops of several runs (input file name, drops) as one collection.
    public static func encode(_ runs: [(input: String, drops: [Drop])], provenance: Provenance) throws -> Data {
        var features: [Feature] = []
        var unlocated: [Properties] = []
        for run in runs {
            for d in run.drops {
                let props = Properties(input: run.input, index: d.sourceIndex, stage: d.stage, rule: d.rule, measured: d.measured,
                                       threshold: d.threshold, unit: d.unit == .none ? nil : d.unit.symbol, detail: d.detail,
                                       time: d.fix?.time.flatMap(ISO8601Time.format))
                if let f = d.fix {
                    var coordinates = [f.longitude, f.latitude]
                    if let alt = f.altitude { coordinates.append(alt) }
                    features.append(Feature(geometry: Geometry(coordinates: coordinates), properties: props))
                } else {
                    unlocated.append(props)
                }
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(Collection(features: features, unlocated: unlocated, provenance: ProvenanceRecord.Encoded(provenance)))
    }
}
