import Foundation
import Testing
import TrackPipe
@testable import TrackPipeIO
import TrackPipeLab

/// `JSONTree` (simdjson) reads a document only when `JSONDecoder` reads it to the same `JSONValue` — to the bit of
/// every number — and leaves every other document to `JSONDecoder`.
@Suite struct JSONTreeTests {
    /// The fast path's value, or `nil` when it leaves the document to `JSONDecoder`.
    static func fast(_ text: String) -> JSONValue? {
        Array(text.utf8).withUnsafeBufferPointer { JSONTree().parse($0) }
    }

    static func reference(_ text: String) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    /// Whenever the fast path reads `text`, JSONDecoder reads it too, to the identical value. Returns whether the
    /// fast path read it.
    @discardableResult
    static func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let value = fast(text) else { return false }
        let expected = reference(text)
        #expect(expected.map { value.isIdentical(to: $0) } == true,
                "simdjson read \(String(reflecting: text)) as \(value), JSONDecoder as \(String(describing: expected))",
                sourceLocation: sourceLocation)
        return true
    }

    @Test func readsWhatJSONDecoderReadsTheSame() {
        let documents = [
            #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"a","coordTimes":["2025-05-17T08:00:00Z"]},"geometry":{"type":"LineString","coordinates":[[-2.5877941,51.4550851,36.3]]}}]}"#,
            "[1, -2.5, 0.1, 100000, -0.0, -0, 0, 1234567890123456789, 9007199254740993, 0.000001, 51.4550851, -2.5877941]",
            #"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u4e2d\ud83d\ude00", "é中😀", ""]"#,
            #"{"a": {"b": {"c": [true, false, null, {}, []]}}}"#,
            "  {\"x\" : 1 }  \n", "[1]", "[-0]", "[\"text\"]", "[true]", "[null]", "[0.100000000000000005, -51.45508510000000000]",
        ]
        for text in documents {
            #expect(Self.check(text), "the fast path should read \(String(reflecting: text))")
        }
        // −0 keeps its sign (simdjson reads the token "-0" as the integer 0).
        if case .array(let items)? = Self.fast("[-0, -0.0]") {
            #expect(items.allSatisfy { if case .number(let d) = $0 { d.sign == .minus && d == 0 } else { false } })
        } else {
            Issue.record("[-0, -0.0] not read")
        }
    }

    /// What JSONDecoder reads otherwise, or refuses, is left to it.
    @Test func leavesToJSONDecoderWhatItMightReadOtherwise() {
        let nested = { (depth: Int) in String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        #expect(Self.check(nested(JSONTree.maximumDepth)))
        #expect(Self.reference(nested(JSONTree.maximumDepth + 1)) == nil)
        let left = [
            nested(JSONTree.maximumDepth + 1),  // JSONDecoder refuses it
            #"{"a": 1, "a": 2}"#,              // JSONDecoder keeps one of the two
            #"{"b": {"a": 1, "c": 2, "a": 3}}"#,
            "{" + (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"k3\": 0}",
            "1e-400", "[1e-320]", "1e400", "0e5", "[1e5]", "2.5E-3", "[1,]", "0." + String(repeating: "0", count: 320) + "1", "\u{FEFF}[1]", #""\ud800""#, "[1] 2", "", " ", "[", "{\"a\" 1}", "01",
            "NaN", "[Infinity]", "[\"\u{01}\"]", "[1 2]", "[1];", "{}x", "[1] ]", "{} {}", "{\"a\": 1};",
            // A scalar document: simdjson reads "false;" as false; JSONDecoder reads scalars itself.
            "false;", "1", "\"text\"", "true", "null",
            // More than 19 digits: simdjson 3.0.1 misreads some (found by the GeoJSON fuzz target).
            "[-0.111111111111111111111111]", #"{"c": [0.1234567890123456789012345678901234567890, 51.5]}"#,
            "[12345678901234567890]", "[179769313486231570" + String(repeating: "0", count: 291) + "]",
        ]
        for text in left {
            #expect(Self.fast(text) == nil, "the fast path should leave \(String(reflecting: text)) to JSONDecoder")
        }
    }

    /// Seeded random documents, as written and then mutated byte by byte: the fast path reads every valid array or
    /// object without an exponent or a number of more than 19 digits, and every document it reads JSONDecoder reads
    /// identically.
    @Test func randomDocumentsAndTheirMutations() {
        var rng = SplitMix64(seed: 2026_11_27)
        var read = 0, valid = 0
        for _ in 0..<600 {
            let inner = Self.randomValue(&rng, depth: 1)
            let text = rng.next() % 2 == 0 ? "[" + inner + "]" : #"{"k": "# + inner + "}"
            let plain = text.range(of: "[0-9][eE]|[0-9.]{21,}", options: .regularExpression) == nil
            if Self.reference(text) != nil, plain { valid += 1 }
            if Self.check(text), plain { read += 1 }
            var bytes = Array(text.utf8)
            for _ in 0..<4 {
                guard !bytes.isEmpty else { break }
                let at = Int(rng.next() % UInt64(bytes.count))
                switch rng.next() % 3 {
                case 0: bytes.remove(at: at)
                case 1:
                    let syntax = Array(#"{}[],:"\-0e1. "#.utf8)
                    bytes.insert(syntax[Int(rng.next() % UInt64(syntax.count))], at: at)
                default: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
                }
                Self.check(String(decoding: bytes, as: UTF8.self))
            }
        }
        #expect(valid > 300 && read == valid, "read \(read) of \(valid) valid arrays and objects without an exponent")
    }

    static func randomValue(_ rng: inout SplitMix64, depth: Int) -> String {
        let pick = depth > 4 ? rng.next() % 4 : rng.next() % 6
        switch pick {
        case 0:
            let forms = ["0", "-0", "1", "-17", "3.25", "-0.5", "1e5", "2E-3", "6.02e+23", "51.4550851", "-2.5877941",
                         "1747468800", "123456789012345678901234", "0.1", "1.5e300", "-9.5e-300", "0e5", "-0.0e1", "0e+5",
                         "0.000001", "-0.0", "100.25"]
            return forms[Int(rng.next() % UInt64(forms.count))]
        case 1:
            let pieces = ["a", "é", "中", "😀", "\\n", "\\\"", "\\\\", "\\u00e9", "\\ud83d\\ude00", " ", "2025-05-17T08:00:00Z"]
            return "\"" + (0..<Int(rng.next() % 5)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined() + "\""
        case 2: return ["true", "false", "null"][Int(rng.next() % 3)]
        case 3: return "\"k\(rng.next() % 100)\""
        case 4:
            return "[" + (0..<Int(rng.next() % 5)).map { _ in randomValue(&rng, depth: depth + 1) }.joined(separator: ", ") + "]"
        default:
            let keys = Set((0..<Int(rng.next() % 5)).map { _ in "k\(rng.next() % 12)" })
            return "{" + keys.sorted().map { "\"\($0)\": " + randomValue(&rng, depth: depth + 1) }.joined(separator: ",") + "}"
        }
    }
}
