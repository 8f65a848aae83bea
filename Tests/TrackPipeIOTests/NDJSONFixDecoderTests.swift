import Foundation
import Testing
import TrackPipe
@testable import TrackPipeIO
import TrackPipeLab

/// `NDJSONFixDecoder` (simdjson for flat objects, `JSONDecoder` for the rest) against the `JSONDecoder`-only
/// reference, `NDJSONFixCodec.decodeFix`: the same fix or the same error on every line.
@Suite struct NDJSONFixDecoderTests {
    /// A comparable form of a decoded line.
    enum Outcome: Equatable, CustomStringConvertible {
        case fix(Fix?)
        case error(rule: String, message: String, isJSONObject: Bool)

        init(_ result: Result<Fix?, NDJSONFixCodec.LineError>) {
            switch result {
            case .success(let f): self = .fix(f)
            case .failure(let e): self = .error(rule: e.rule, message: e.message, isJSONObject: e.isJSONObject)
            }
        }

        var description: String {
            switch self {
            case .fix(let f): f.map { "fix \($0)" } ?? "skipped"
            case .error(let rule, let message, _): "\(rule): \(message)"
            }
        }
    }

    static func reference(_ line: String) -> Outcome {
        Outcome(NDJSONFixCodec.decodeFix(Substring(line), index: 7, line: 3, decoder: JSONDecoder()))
    }

    static let typical = [
        #"{"ele":36.3,"hacc":32.8,"index":0,"lat":51.4550851,"lon":-2.5877941,"segment":0,"time":"2025-05-17T08:00:00Z","type":"fix","vacc":49.2}"#,
        #"{"time": 1714548601.25, "lat": -33.9, "lon": 151.2, "hdop": 1.2, "sats": 11, "fix": "3d", "paused": true}"#,
        #"{"lat": 0, "lon": 0, "speed": null, "course": 87, "hr": 141, "cad": 88, "temp": -3.5, "received": 1714548602}"#,
        // TrackPipe's own stream output: extra keys, a non-fix type.
        #"{"distance":12.5,"index":3,"lat":51.5,"lon":-0.12,"moving_time":4,"pace":0.3,"type":"fix"}"#,
        #"{"type":"drop","stage":"accuracy-gate","index":4,"reason":"hacc 40 m > 20 m"}"#,
        #"  {"lat": 10, "lon": -0.2, "vdop": 0.5, "pdop": 1.5, "segment": 2.0}  "#,
        #"{"l\u0061t": 10, "lon": 20, "time": "2024-05-01T07:30:00.5+02:00", "fix": "rtk-fixed"}"#,
        #"{"lat": 10, "lon": 20, "note": "caf\u00e9 \"quoted\" \\ \/ ok", "other": false}"#,
        #"{"lat":-0,"lon":-0.0,"ele":8848.86}"#,
    ]

    /// Typical lines go the fast way, and give what the reference gives.
    @Test(arguments: typical)
    func flatObjectsAreScannedAndMatchTheReference(line: String) {
        let decoder = NDJSONFixDecoder()
        #expect(line.utf8.withContiguousStorageIfAvailable { decoder.scan($0) } ?? nil != nil)
        #expect(Outcome(decoder.decode(Substring(line), index: 7, line: 3)) == Self.reference(line))
    }

    static let odd = [
        "", "   ", "null", "[]", "{}", "42", #""lat""#, "{", "}", #"{"lat": 1, "lon": 2"#, #"{"lat": 1, "lon": 2,}"#,
        #"{"lat": 1, "lon": 2} x"#, #"{"lat": 1, "lon": 2}{"#, #"{"lat": 1 "lon": 2}"#, #"{lat: 1, lon: 2}"#,
        #"{"lat": 1, "lat": 2, "lon": 3}"#, #"{"lat": 1, "lon": 2, "x": 1, "x": 2}"#,
        #"{"lat": 1, "lon": 2, "x": {"y": [1, 2]}}"#, #"{"lat": [1], "lon": 2}"#, #"{"lat": {"v": 1}, "lon": 2}"#,
        #"{"lat": "1", "lon": 2}"#, #"{"lat": true, "lon": 2}"#, #"{"lat": 1, "lon": 2, "paused": 1}"#,
        #"{"lat": 1, "lon": 2, "paused": "yes"}"#, #"{"lat": 1, "lon": 2, "sats": 1.5}"#, #"{"lat": 1, "lon": 2, "sats": "7"}"#,
        #"{"lat": 1, "lon": 2, "index": 1e300}"#, #"{"lat": 1, "lon": 2, "segment": -1}"#,
        #"{"lat": 1, "lon": 2, "time": true}"#, #"{"lat": 1, "lon": 2, "time": "yesterday"}"#,
        #"{"lat": 1, "lon": 2, "time": 1e20}"#, #"{"lat": 1, "lon": 2, "time": "0001-01-01T00:00:00+01:00"}"#,
        #"{"lat": 1, "lon": 2, "time": "9999-12-31T23:59:59-01:00", "received": " 2024-05-01T07:30:00Z "}"#, #"{"lat": 1, "lon": 2, "time": null, "received": "2024-13-01T00:00:00Z"}"#,
        #"{"lat": 1, "lon": 2, "fix": "4d"}"#, #"{"lat": 1, "lon": 2, "fix": 3}"#, #"{"lat": 1, "lon": 2, "type": 1}"#,
        #"{"lat": 91, "lon": 2}"#, #"{"lat": 1, "lon": 180.5}"#, #"{"lat": 1}"#, #"{"lon": 1, "lat": null}"#,
        #"{"lat": 1e400, "lon": 2}"#, #"{"lat": -1e400, "lon": 2}"#, #"{"lat": 1e-400, "lon": 2}"#, #"{"lat": 0e-400, "lon": 2}"#,
        #"{"lat": 1e-310, "lon": 2}"#, #"{"lat": -2.5e-320, "lon": 2}"#, #"{"lat": 0.000, "lon": 2}"#,
        #"{"lat": 01, "lon": 2}"#, #"{"lat": 1., "lon": 2}"#, #"{"lat": .5, "lon": 2}"#, #"{"lat": -, "lon": 2}"#,
        #"{"lat": +1, "lon": 2}"#, #"{"lat": 1, "lon": 2, "hacc": NaN}"#, #"{"lat": 1, "lon": 2, "hacc": Infinity}"#,
        #"{"lat": 1, "lon": 2, "x": tru}"#, #"{"lat": 1, "lon": 2, "x": nul}"#, #"{"lat": 1, "lon": 2, "x": "a\qb"}"#,
        #"{"lat": 1, "lon": 2, "x": "\ud800"}"#, #"{"lat": 1, "lon": 2, "x": "\ud83d\ude00"}"#,
        #"{"lat": 1, "lon": 2, "x": 123456789012345678901234567890}"#, #"{"lat": 12345678901234567890, "lon": 2}"#,
        "\u{FEFF}{\"lat\": 1, \"lon\": 2}", "{\"lat\": 1, \"lon\": 2, \"x\": \"tab\there\"}",
        "{\"lat\": 1,\n\"lon\": 2}", "{\"lat\": 1, \"lon\": 2, \"x\": \"\u{7F}\u{80}\"}",
        // More than 19 digits: simdjson 3.0.1 reads the first as -6.37e-06 and the second as 1.24e-21.
        #"{"lat": -0.111111111111111111111111, "lon": 2}"#, #"{"lat": 1, "lon": 0.1234567890123456789012345678901234567890}"#,
        #"{"lat": 51.45508510000000000000000000, "lon": -2.58779410000000000000000}"#,
        // Exponents: Foundation's parser refuses some (0e5, -0.0e1) and takes others (0e+5); all go to JSONDecoder.
        #"  {"lat": 1e1, "lon": -2E-1, "vdop": 0.5, "pdop": 1.5, "segment": 2.0}  "#, #"{"lat":-0,"lon":-0.0,"ele":1.7976931348623157e308}"#,
        #"{"lat": 0e5, "lon": 2}"#, #"{"lat": 1, "lon": -0.0e1}"#, #"{"lat": 0e+5, "lon": 2}"#, #"{"lat": 1, "lon": 2, "ele": 0E5}"#,
    ]

    /// Everything else — invalid JSON, other shapes, wrong types, values out of range — gives what the reference
    /// gives, whichever path it takes.
    @Test(arguments: odd)
    func oddLinesMatchTheReference(line: String) {
        let decoder = NDJSONFixDecoder()
        #expect(Outcome(decoder.decode(Substring(line), index: 7, line: 3)) == Self.reference(line))
    }

    /// A line with two bad values names the same one every time (found by the NDJSON fuzz target: the keys were
    /// taken in a dictionary's order, which differs from one decode to the next).
    @Test func twoBadValuesAlwaysGiveTheSameError() {
        let line = #"{"lat": 1, "lon": 2, "segment": 0045, "speed": 1, "hr": 2, "cad": 3, "temp": 4, "paused": 51.2, "ele": "x"}"#
        // Allocations kept between the decodes put each decode's dictionary at another address.
        var kept: [[Int]] = [], outcomes: [Outcome] = []
        for n in 0..<50 {
            kept.append(Array(repeating: n, count: 1 + n * 37))
            outcomes.append(Self.reference(line))
        }
        #expect(kept.count == 50)
        #expect(Set(outcomes.map(\.description)).count == 1, "\(Set(outcomes.map(\.description)))")
        #expect(Outcome(NDJSONFixDecoder().decode(Substring(line), index: 7, line: 3)) == outcomes[0])
    }

    /// Bytes that are not UTF-8 are not a fix, on either path.
    @Test func invalidUTF8MatchesTheReference() {
        let decoder = NDJSONFixDecoder()
        for bytes: [UInt8] in [[0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], Array(#"{"lat": 1, "lon": 2, "x": ""#.utf8) + [0xC3, 0x28, 0x22, 0x7D]] {
            let line = String(decoding: bytes, as: UTF8.self)
            #expect(Outcome(decoder.decode(Substring(line), index: 7, line: 3)) == Self.reference(line))
        }
    }

    /// A property over many lines: typical lines with a few bytes replaced, inserted or deleted at random (seeded)
    /// decode the same on both paths. One decoder reads them all, in turn, as `stream` does.
    @Test func mutatedLinesMatchTheReference() {
        var rng = SplitMix64(seed: 0x5eed_1d5a)
        let alphabet = Array(#"{}[]":,.-+0123456789eEtrufalsn \"\u00"#.utf8) + [0xFF, 0xC3, 0x0A]
        let decoder = NDJSONFixDecoder()
        var scanned = 0, mismatches: [String] = []
        for n in 0..<6000 {
            var bytes = Array(Self.typical[n % Self.typical.count].utf8)
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                let b = alphabet.randomElement(using: &rng)!
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[at] = b
                case 1: bytes.insert(b, at: at)
                default: if bytes.count > 1 { bytes.remove(at: at) }
                }
            }
            let line = String(decoding: bytes, as: UTF8.self)
            if line.utf8.withContiguousStorageIfAvailable({ decoder.scan($0) }) ?? nil != nil { scanned += 1 }
            let got = Outcome(decoder.decode(Substring(line), index: 7, line: 3)), want = Self.reference(line)
            if got != want, mismatches.count < 5 { mismatches.append("\(line)\n  fast: \(got)\n  reference: \(want)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        // Both paths are exercised: a mutation often leaves a valid flat object, and often does not.
        #expect(scanned > 600 && scanned < 5400)
    }
}
