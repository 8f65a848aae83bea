import Foundation
import TrackPipe

/// The dropped fixes of a run as a GeoJSON FeatureCollection (RFC 7946) of Points, for `trackpipe run --drops`:
/// load it beside the kept track in any map viewer to see what each stage threw away and why.
///
/// Each feature's geometry is the fix's position (longitude, latitude and, when known, altitude); its properties
/// are the drop's ``DropRecord`` keys and `input` (the file, as named on the command line). Records the reader
/// rejected have no position and are listed, with the same properties, in the collection's `unlocated` member
/// instead (a foreign member, allowed by RFC 7946 §6.1). The collection's `provenance` member is
/// ``ProvenanceRecord/Encoded``.
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

    /// A feature's properties: the ``DropRecord``'s keys and `input`.
    struct Properties: Encodable {
        var input: String
        var drop: DropRecord

        enum CodingKeys: String, CodingKey { case input }

        func encode(to encoder: any Encoder) throws {
            try drop.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(input, forKey: .input)
        }
    }

    /// Encodes the drops of several runs (input file name, drops) as one collection.
    public static func encode(_ runs: [(input: String, drops: [Drop])], provenance: Provenance) throws -> Data {
        var features: [Feature] = []
        var unlocated: [Properties] = []
        for run in runs {
            for d in run.drops {
                let props = Properties(input: run.input, drop: DropRecord(d))
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
