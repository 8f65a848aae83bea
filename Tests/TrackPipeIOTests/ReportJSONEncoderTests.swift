import Foundation
import Testing
import TrackPipe
@testable import TrackPipeIO

/// `ReportJSONEncoder` writes the text `RunReportWriter.makeEncoder()` (a `JSONEncoder`) writes, byte for byte:
/// nesting, empty arrays and objects, `nil` members, numbers, strings, snake_case coding keys and dictionary keys
/// left alone — each held to the encoder's own output, at depth 0 and inside a report at depth 6.
@Suite struct ReportJSONEncoderTests {
    /// A coding key from a string, so any key can be put through both encoders.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// An object whose members have the given coding keys (not a dictionary: its keys are converted).
    struct Keyed: Encodable {
        var members: [(String, Double)]
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            for (k, v) in members { try c.encode(v, forKey: Key(stringValue: k)) }
        }
    }

    struct Inner: Encodable, Hashable {
        var someValue: Double
        var maybe: Int?
        var list: [Double?]
    }

    struct Sample: Encodable {
        var camelCase: String
        var nested: Inner
        var emptyList: [Int]
        var emptyObject: [String: Int]
        var nothing: String?
        var byName: [String: Inner]
        var deep: [[String: [Int]]]
        var flag: Bool
        var count: Int
        var big: UInt64
        var small: Int8
        var json: JSONValue
    }

    static func reference<T: Encodable>(_ value: T, indent: Int) throws -> String {
        // What the report writer did before: the encoder's text with `indent` spaces after every line break.
        let text = String(decoding: try RunReportWriter.makeEncoder().encode(value), as: UTF8.self)
        return text.replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: indent))
    }

    static func ours<T: Encodable>(_ value: T, indent: Int) throws -> String {
        var out = JSONBytes()
        try ReportJSONEncoder.encode(value, indent: indent, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    static let sample = Sample(
        camelCase: "a/b \"quoted\" back\\slash tab\t newline\n control\u{1}\u{1F}\u{7F} é ✓",
        nested: Inner(someValue: 0.1, maybe: nil, list: [1, nil, -0.0, 1e21, 1e-7, 8000, .leastNonzeroMagnitude, .infinity, -.infinity, .nan]),
        emptyList: [], emptyObject: [:], nothing: nil,
        byName: ["fooBar": Inner(someValue: 2.5, maybe: 3, list: []), "URLValue": Inner(someValue: -1, maybe: -4, list: [0])],
        deep: [["xY": [1, 2]], [:], ["": []]], flag: true, count: -42, big: .max, small: .min,
        json: .object(["max-horizontal-accuracy": .number(20), "stage": .string("accuracy-gate"), "list": .array([.null, .bool(false)]),
                       "empty": .object([:])]))

    @Test(arguments: [0, 2, 6])
    func writesWhatJSONEncoderWrites(indent: Int) throws {
        #expect(try Self.ours(Self.sample, indent: indent) == Self.reference(Self.sample, indent: indent))
        for scalar in [JSONValue.null, .bool(true), .number(3), .number(0.30000000000000004), .string("x")] {
            #expect(try Self.ours(scalar, indent: indent) == Self.reference(scalar, indent: indent))
        }
        #expect(try Self.ours([Inner](), indent: indent) == Self.reference([Inner](), indent: indent))
    }

    /// Coding keys go to snake_case as the encoder's strategy converts them, including runs of capitals, digits,
    /// and leading or trailing underscores.
    @Test(arguments: ["plain", "sourceIndex", "sourceURLText", "URL", "URLs", "aB1C", "x1Y", "fooBar2Baz", "_leadingCase",
                      "trailingCase_", "__both__", "ABC", "a", "A", "already_snake", "mixed_Case", "e-tag", "camelCaseID", "étéÀ"])
    func snakeCaseKeys(key: String) throws {
        let value = Keyed(members: [(key, 1)])
        #expect(try Self.ours(value, indent: 0) == Self.reference(value, indent: 0))
    }
}
