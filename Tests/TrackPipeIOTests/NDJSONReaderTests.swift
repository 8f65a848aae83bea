import Foundation
import Testing
import TrackPipe
import TrackPipeIO
import TrackPipeLab

/// NDJSON fix files (the `trackpipe stream` input schema) read as a track format like any other.
@Suite struct NDJSONReaderTests {
    static let lines = [
        #"{"time": "2024-05-01T07:30:00Z", "lat": 51.5, "lon": -0.12, "hacc": 4}"#,
        #"{"time": 1714548601, "lat": 51.50001, "lon": -0.12, "hdop": 1.2}"#,
        #"{"lat": "north", "lon": 0}"#,
        "",
        #"{"time": 1714548603, "lat": 51.50003, "lon": -0.12}"#,
    ]

    @Test(arguments: ["\n", "\r\n"])
    func readsEveryLineAndRejectsTheBadOneWithItsLine(lineEnd: String) throws {
        let track = try TrackText.read(Self.lines.joined(separator: lineEnd) + lineEnd, .ndjson, name: "run.ndjson")
        #expect(track.sourceFormat == "ndjson" && track.name == "run")
        // Non-blank lines are numbered 0, 1, 2, 3 (as `stream` numbers them); the blank line 4 is skipped.
        #expect(track.fixes.map(\.sourceIndex) == [0, 1, 3])
        #expect(track.fixes[0].time == 1_714_548_600 && track.fixes[0].horizontalAccuracy == 4)
        #expect(track.fixes[1].horizontalAccuracy == 1.2 * Fix.hdopAccuracyFactor && track.fixes[1].horizontalAccuracyIsEstimated)
        #expect(track.fixes[2].latitude == 51.50003)
        #expect(track.rejected.count == 1 && track.rejected[0].sourceIndex == 2 && track.rejected[0].line == 3)
        #expect(track.recordCount == 4)
    }

    @Test func extensionsNamesAndContentSayNDJSON() {
        #expect(TrackFormat(pathExtension: "a.ndjson") == .ndjson && TrackFormat(pathExtension: "b.JSONL") == .ndjson)
        #expect(TrackFormat(name: "ndjson") == .ndjson && TrackFormat.ndjson.isWritable)
        #expect(TrackFormat.sniff(Array(Self.lines.joined(separator: "\n").utf8)) == .ndjson)
        #expect(TrackFormat.sniff(Array(Self.lines.joined(separator: "\r\n").utf8)) == .ndjson)
        // GeoJSON, pretty-printed or on one line, stays GeoJSON.
        #expect(TrackFormat.sniff(Array("{\n  \"type\": \"FeatureCollection\",\n  \"features\": []\n}\n".utf8)) == .geojson)
        #expect(TrackFormat.sniff(Array(#"{"type": "FeatureCollection", "features": []}"#.utf8)) == .geojson)
    }

    /// Input that holds no JSON object at all — binary data, another format — is an error, not an empty track;
    /// a file of JSON objects that are all bad fixes is a track of rejected records.
    @Test func inputWithNoJSONObjectIsAnError() throws {
        var random = SystemRandomNumberGenerator()
        let binary = (0..<3000).map { _ in UInt8.random(in: 0...255, using: &random) }.filter { $0 != UInt8(ascii: "{") }
        #expect(throws: TrackReadError.self) { try TrackReader.read(bytes: binary, format: .ndjson, sourceName: "x.bin") }
        #expect(throws: TrackReadError.self) { try TrackReader.read(bytes: Array("lat,lon\n1,2\n".utf8), format: .ndjson, sourceName: "x.csv") }
        // JSON values that are not objects (the random bytes above hold a lone digit on a line now and then).
        #expect(throws: TrackReadError.self) { try TrackReader.read(bytes: Array("5\n\"a\"\n[1]\n".utf8), format: .ndjson, sourceName: "x.txt") }
        let bad = try TrackReader.read(bytes: Array(#"{"lat": 95, "lon": 0}"#.utf8), format: .ndjson, sourceName: "x.ndjson")
        #expect(bad.fixes.isEmpty && bad.rejected.map(\.rule) == ["latitude-out-of-range"])
    }

    /// Each key is decoded only when present; a present key with the wrong kind or a value that does not fit is
    /// a rejected record naming the key, and `null` is absent.
    @Test func badValuesNameTheirKey() throws {
        let text = [
            #"{"lat": 51.5, "lon": -0.1, "sats": 3.5}"#, #"{"lat": "x", "lon": 1}"#, #"{"lat": 51.5, "lon": -0.1, "hr": null}"#,
            #"{"lat": 51.5, "lon": -0.1, "segment": 2, "paused": true, "fix": "rtk-fixed", "received": 1714548600.5}"#,
        ].joined(separator: "\n")
        let track = try TrackText.read(text, .ndjson, name: "run.ndjson")
        #expect(track.rejected.map(\.line) == [1, 2])
        #expect(track.rejected[0].reason.hasPrefix("'sats' has the wrong type (expected a whole number, found 3.5") && track.rejected[1].reason.hasPrefix("'lat' has the wrong type"))
        #expect(track.fixes.map(\.sourceIndex) == [2, 3] && track.fixes[0].heartRate == nil)
        #expect(track.fixes[1].segment == 2 && track.fixes[1].paused && track.fixes[1].fixQuality == .rtkFixed && track.fixes[1].received == 1_714_548_600.5)
    }

    /// The reader splits the bytes where `Character.isNewline` splits the text (LF, VT, FF, CR, CR LF, NEL, U+2028,
    /// U+2029), bytes that are not UTF-8 included: a property against that reference over seeded random files of
    /// fix lines, every kind of break and stray bytes.
    @Test func splitsWhereTheTextsNewlinesAre() throws {
        var rng = SplitMix64(seed: 1126)
        let pieces: [[UInt8]] = [
            Array(#"{"lat": 51.5, "lon": -0.1, "time": 1714548600}"#.utf8), Array(#"{"lat": "x", "lon": 1}"#.utf8),
            Array(#"{"lat": 1, "lon": 2, "note": "caf"#.utf8) + [0xC3, 0xA9, 0x22, 0x7D], Array("   ".utf8), [],
            [0x0A], [0x0B], [0x0C], [0x0D], [0x0D, 0x0A], [0x0A, 0x0D], [0xC2, 0x85], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9],
            [0xC2], [0xE2, 0x80], [0xFF], [0xC2, 0xA0], [0x85], [0xE2, 0x80, 0xAA],
        ]
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...30, using: &rng) { bytes += pieces.randomElement(using: &rng)! }
            // The reference: the text split by Character.isNewline, each line decoded by JSONDecoder.
            var fixes: [Fix] = [], rejected: [RejectedRecord] = [], index = 0, sawObject = false
            let text = String(decoding: bytes, as: UTF8.self)
            for (n, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
                if line.allSatisfy(\.isWhitespace) { continue }
                switch NDJSONFixCodec.decodeFix(line, index: index, line: n + 1, decoder: JSONDecoder()) {
                case .success(nil): sawObject = true; continue
                case .success(let fix?): fixes.append(fix); sawObject = true
                case .failure(let e):
                    rejected.append(RejectedRecord(sourceIndex: index, line: e.line, rule: e.rule, reason: e.message))
                    sawObject = sawObject || e.isJSONObject
                }
                index += 1
            }
            // A file without a JSON object is an error, not an empty track.
            let track = try? TrackReader.read(bytes: bytes, format: .ndjson, sourceName: "x.ndjson")
            #expect((track != nil) == sawObject, "\(bytes)")
            #expect(track?.fixes ?? [] == (sawObject ? fixes : []), "\(bytes)")
            #expect(track?.rejected ?? [] == (sawObject ? rejected : []), "\(bytes)")
        }
    }

    @Test func aMissingFileIsATrackReadError() {
        #expect(throws: TrackReadError.self) { try TrackReader.read(path: "/nonexistent/run.ndjson") }
    }
}
