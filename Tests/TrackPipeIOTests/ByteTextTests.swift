import Foundation
import Testing
@testable import TrackPipe
import TrackPipeLab
@testable import TrackPipeIO

/// The writers' byte appenders give exactly the text of the string formatters they replace, and the `stream`
/// lines written by hand carry exactly what `JSONEncoder` gave for the same record.
@Suite struct ByteTextTests {
    static let numbers: [Double] = [
        0, -0.0, 1, -1, 36, 36.5, 51.4550851, -2.5877941, 1e-5, -2.5e-7, 1e16, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
        123456789.125, 0.1, 2.0 / 3.0, -179.99999999999997, 1e21, -.leastNormalMagnitude,
    ]

    @Test func decimalAppendIsFormat() {
        var rng = SplitMix64(seed: 18)
        var values = Self.numbers
        for _ in 0..<5000 {
            values.append(Double(bitPattern: rng.next()))                   // any bit pattern, exponents included
            values.append(Double.random(in: -180...180, using: &rng))       // coordinates
        }
        // Decimals of every length and scale, and their neighbours: the short-decimal path and its edges (the
        // 10^15 bound, 1e-7, values one ulp off a short decimal).
        for _ in 0..<40000 {
            let digits = Int.random(in: 0...22, using: &rng)
            let m = Double(Int64.random(in: -999_999_999_999_999...999_999_999_999_999, using: &rng) >> Int.random(in: 0...49, using: &rng))
            let v = m / DecimalText.exactPowersOfTen[digits]
            values += [v, v.nextUp, v.nextDown, Double.random(in: -1e16...1e16, using: &rng) / DecimalText.exactPowersOfTen[digits]]
        }
        values += [1e15, 1e15.nextDown, 999_999_999_999_999.9, 1e-7, 1e-7.nextDown, 1.5e-7, 0.1 + 0.2, 51.4550851 + 1e-14]
        for v in values {
            var out: [UInt8] = [120]
            let appended = DecimalText.append(v, to: &out)
            if let text = DecimalText.format(v) {
                #expect(appended && out == [120] + Array(text.utf8), "\(v)")
            } else {
                #expect(!appended && out == [120], "\(v) is not finite: nothing appended")
            }
        }
    }

    /// The room the writers reserve per number and per time (``ByteCursor``) is enough for the longest text:
    /// subnormals of every scale with many digits, the extremes, and times at the ends of the writable years.
    @Test func writtenTextFitsTheRoomReservedForIt() {
        var rng = SplitMix64(seed: 33)
        var values: [Double] = [.leastNonzeroMagnitude, -.leastNonzeroMagnitude, -.leastNormalMagnitude,
                                -.greatestFiniteMagnitude, -.leastNormalMagnitude.nextDown, -0.1, -123456789.123456789]
        for _ in 0..<20000 {
            // Subnormals and the smallest normals, where the plain decimal is longest.
            values.append(-Double(bitPattern: rng.next() & 0x001F_FFFF_FFFF_FFFF))
            values.append(-Double(bitPattern: rng.next()).magnitude)
        }
        var longest = 0
        for v in values {
            var out: [UInt8] = []
            guard DecimalText.append(v, to: &out) else { continue }
            longest = max(longest, out.count)
            #expect(out.count <= DecimalText.maximumLength, "\(v): \(out.count) bytes")
        }
        #expect(longest > 300, "the longest text tried (\(longest) bytes) comes near the bound")
        for t in [-62_167_219_200.0, 253_402_300_799.999_999_999, 253_402_300_799.123_456_7, 1e9 + 1.0 / 3] {
            var out: [UInt8] = []
            if ISO8601Time.append(t, to: &out) { #expect(out.count <= ISO8601Time.maximumLength, "\(t)") }
        }
        var out: [UInt8] = []
        out.append(integer: .min)
        #expect(out.count == ByteCursor.maximumIntegerLength && out == Array(String(Int.min).utf8))
    }

    /// The longest record each cursor writer can be given fits the room it reserves: every field present with the
    /// longest number text (a subnormal's), the longest time, the largest counts, a fix quality GPX's `<fix>` cannot
    /// say (written again in the extensions), paused.
    @Test func theLongestRecordsFitTheirRoom() {
        let longest = -Double.leastNormalMagnitude.nextDown  // a subnormal with 16 significant digits
        let fix = Fix(time: 253_402_300_799.5, latitude: longest, longitude: longest, altitude: longest,
                      horizontalAccuracy: longest, verticalAccuracy: longest, speed: longest, course: longest,
                      hdop: longest, vdop: longest, pdop: longest, satellites: .max, fixQuality: .rtkFixed,
                      heartRate: longest, cadence: longest, temperature: longest, segment: .min, paused: true,
                      sourceIndex: .min, received: 253_402_300_799.5)
        var numberText: [UInt8] = []
        DecimalText.append(longest, to: &numberText)
        #expect(numberText.count > 320)
        var point: [UInt8] = []
        GPXWriter.writePoint(fix, into: &point)
        #expect(point.count <= GPXWriter.pointMaximumLength && point.count > 13 * numberText.count)
        var line: [UInt8] = []
        NDJSONLines.appendFix(fix, figures: LiveFigures.Figures(distance: longest, movingTime: longest, pace: longest), to: &line)
        #expect(line.count <= NDJSONLines.fixLineMaximumLength && line.count > 16 * numberText.count)
        var report = JSONBytes()
        let change = FixChange(original: fix, updated: fix, stage: "stage")
        ChangeRecord.appendJSON(change, to: &report, type: "change")
        #expect(report.bytes.count <= ChangeRecord.maximumLengthBesidesStrings + JSONQuoting.maximumLength("stage")
                    + JSONQuoting.maximumLength("change"))
    }

    /// A writer that states its room wrong is stopped at the end of the room, not let write past the array's memory.
    @Test func aCursorStopsAtTheEndOfItsRoom() async {
        var fits: [UInt8] = []
        fits.append(atMost: 3) { $0.put("abc") }
        #expect(fits == Array("abc".utf8))
        // A room of 4 bytes inside a buffer of 16: without the check the fifth byte would land in the buffer's
        // spare bytes and the process would go on.
        await #expect(processExitsWith: .failure) {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
                var cursor = ByteCursor(buffer.baseAddress!, room: 4)
                cursor.put("abcd")
                cursor.put(UInt8(ascii: "x"))
            }
        }
        await #expect(processExitsWith: .failure) {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
                var cursor = ByteCursor(buffer.baseAddress!, room: 4)
                cursor.put("abc")
                cursor.put("de")
            }
        }
    }

    @Test func integerAppendIsDescription() {
        var rng = SplitMix64(seed: 7)
        var values = [0, 1, 9, 10, -1, -10, 99, Int.max, Int.min, Int(Int32.max), -1_000_000]
        for _ in 0..<2000 { values.append(Int(truncatingIfNeeded: rng.next()) >> Int.random(in: 0...62, using: &rng)) }
        for v in values {
            var out: [UInt8] = []
            out.append(integer: v)
            #expect(String(decoding: out, as: UTF8.self) == String(v))
        }
    }

    @Test func timeAppendMatchesHandWrittenText() {
        // 2024-05-01T07:30:00Z is 1 714 548 600 s; fractions choose 3, 6 or 9 digits, whichever reads back exactly.
        let cases: [(Double, String)] = [
            (1_714_548_600, "2024-05-01T07:30:00Z"), (1_714_548_600.5, "2024-05-01T07:30:00.500Z"),
            (0, "1970-01-01T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"), (951_782_400, "2000-02-29T00:00:00Z"),
            (253_402_300_799, "9999-12-31T23:59:59Z"), (-62_135_596_800, "0001-01-01T00:00:00Z"),
        ]
        for (time, text) in cases {
            var out: [UInt8] = []
            #expect(ISO8601Time.append(time, to: &out))
            #expect(String(decoding: out, as: UTF8.self) == text)
        }
        var out: [UInt8] = [1]
        #expect(!ISO8601Time.append(.nan, to: &out) && !ISO8601Time.append(3e11, to: &out) && out == [1])
    }

    /// Quoted strings read back as the strings, control characters escaped as `\u00XX`.
    @Test func quotingReadsBackAsTheString() throws {
        for s in ["plain", "a \"quoted\"\tline\u{1}\u{1F}", "back\\slash\r\n", "é 🏃 \u{7F}", ""] {
            let back = try JSONSerialization.jsonObject(with: Data(("[" + JSONQuoting.quote(s) + "]").utf8)) as? [String]
            #expect(back == [s])
        }
        #expect(JSONQuoting.quote("\u{1}\u{1F}") == #""\u0001\u001f""#)
    }

    /// A fix line is the bytes `JSONEncoder` (sorted keys) gives for the fix's record and the live figures —
    /// compared byte for byte where the numbers have no exponent, as JSON values everywhere.
    @Test func fixLinesAreWhatTheEncoderGave() throws {
        var rng = SplitMix64(seed: 2026)
        let encoder = NDJSONFixCodec.makeEncoder()
        var compared = 0
        for _ in 0..<60 {
            let track = RandomTrack.make(&rng)
            for fix in track.fixes {
                let figures: LiveFigures.Figures? = Bool.random(using: &rng)
                    ? LiveFigures.Figures(distance: Double.random(in: 0...42_195, using: &rng),
                                          movingTime: Bool.random(using: &rng) ? Double.random(in: 0...9000, using: &rng) : nil,
                                          pace: Bool.random(using: &rng) ? Double.random(in: 0.1...1, using: &rng) : nil)
                    : nil
                var ours: [UInt8] = []
                NDJSONLines.appendFix(fix, figures: figures, to: &ours)
                let theirs = Array(try encoder.encode(Reference(record: NDJSONFixCodec.record(for: fix), figures: figures))) + [10]
                if try Self.expectSameJSON(ours, theirs) { compared += 1 }
            }
        }
        #expect(compared > 500)
    }

    /// An event line is the bytes `JSONEncoder` (sorted keys) gave for the event, fields sorted at every depth —
    /// compared byte for byte where the numbers have no exponent, as JSON values everywhere.
    @Test func eventLinesAreWhatTheEncoderGave() throws {
        var rng = SplitMix64(seed: 1126)
        let encoder = NDJSONFixCodec.makeEncoder()
        let keys = ["distance", "next-distance", "next", "Name", "name", "a1", "a10", "a2", "é", "z", "Z-1", "moving-time", "_x", ""]
        func randomValue(depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth < 2 ? 7 : 5), using: &rng) {
            case 0: .null
            case 1: .bool(Bool.random(using: &rng))
            case 2: .number(Double.random(in: -1e6...1e6, using: &rng))
            case 3: .number(Double(Int.random(in: -5...5000, using: &rng)))
            case 4: .string(["Mercury", "a \"quoted\" / slash\n", "🏃 é", ""].randomElement(using: &rng)!)
            case 5: .array((0..<Int.random(in: 0...3, using: &rng)).map { _ in randomValue(depth: depth + 1) })
            default: randomObject(depth: depth + 1)
            }
        }
        func randomObject(depth: Int) -> JSONValue {
            .object(Dictionary(keys.shuffled(using: &rng).prefix(Int.random(in: 0...6, using: &rng)).map { ($0, randomValue(depth: depth)) },
                               uniquingKeysWith: { a, _ in a }))
        }
        var compared = 0
        for n in 0..<400 {
            guard case .object(let fields) = randomObject(depth: 0) else { continue }
            let event = StageEvent(stage: "badges", kind: n % 2 == 0 ? "badge-earned" : "pause-started",
                                   time: n % 3 == 0 ? nil : 1_714_548_600 + Double(n) / 4, sourceIndex: n % 5 == 0 ? nil : n,
                                   fields: fields)
            var ours: [UInt8] = []
            NDJSONLines.appendEvent(event, to: &ours)
            let theirs = Array(try encoder.encode(EventReference(event))) + [10]
            if try Self.expectSameJSON(ours, theirs) { compared += 1 }
        }
        #expect(compared > 300)
    }

    /// What `stream` encoded before for an event, through `JSONEncoder`.
    struct EventReference: Encodable {
        var type = "event"
        var stage: String
        var kind: String
        var time: String?
        var index: Int?
        var fields: [String: JSONValue]

        init(_ e: StageEvent) {
            stage = e.stage
            kind = e.kind
            time = e.time.flatMap(ISO8601Time.format)
            index = e.sourceIndex
            fields = e.fields
        }
    }

    /// Expects the two lines to hold the same JSON object, and the same bytes unless `theirs` writes a number with
    /// an exponent (ours never do); returns whether the bytes were compared.
    static func expectSameJSON(_ ours: [UInt8], _ theirs: [UInt8]) throws -> Bool {
        let a = try JSONSerialization.jsonObject(with: Data(ours)) as? NSDictionary
        let b = try JSONSerialization.jsonObject(with: Data(theirs)) as? NSDictionary
        #expect(a != nil && a == b)
        guard !hasExponent(theirs) else { return false }
        #expect(ours == theirs, "\(String(decoding: ours, as: UTF8.self)) vs \(String(decoding: theirs, as: UTF8.self))")
        return true
    }

    /// True when a number in the JSON text is written with an exponent (a digit followed by `e` or `E`).
    static func hasExponent(_ text: [UInt8]) -> Bool {
        zip(text, text.dropFirst()).contains { (48...57).contains($0.0) && ($0.1 == 101 || $0.1 == 69) }
    }

    /// What `stream` encoded before: the record's keys and the live figures, through `JSONEncoder`.
    struct Reference: Encodable {
        var record: NDJSONFixCodec.Record
        var figures: LiveFigures.Figures?

        enum CodingKeys: String, CodingKey {
            case distance, pace
            case movingTime = "moving_time"
        }

        func encode(to encoder: any Encoder) throws {
            try record.encode(to: encoder)
            guard let figures else { return }
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(figures.distance, forKey: .distance)
            try c.encodeIfPresent(figures.movingTime, forKey: .movingTime)
            try c.encodeIfPresent(figures.pace, forKey: .pace)
        }
    }

    /// Drop and change lines: the record's keys plus `type`, in sorted order, as the encoder gave them.
    @Test func dropAndChangeLinesCarryTheirType() throws {
        let fix = Fix(time: 1_714_548_600, latitude: 51.5, longitude: -0.12, horizontalAccuracy: 30, sourceIndex: 4)
        let drop = DropRecord(Drop(fix: fix, stage: "accuracy-gate", rule: "max-horizontal-accuracy", measured: 30,
                                   threshold: 20, unit: .metres))
        var line: [UInt8] = []
        NDJSONLines.appendDrop(drop, to: &line)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
        #expect(object["type"] as? String == "drop" && object["rule"] as? String == "max-horizontal-accuracy")
        #expect(object["source_index"] as? Int == 4 && object["measured"] as? Double == 30)
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.hasSuffix("}\n") && text.range(of: "\"time\":\"2024-05-01T07:30:00Z\",\"type\":\"drop\",\"unit\"") != nil)
        // Change lines: what the encoder gives for ChangeRecord(change) plus the type — with a time, a time beyond
        // year 9999 (no text: left out), none, and a moved fix.
        let encoder = NDJSONFixCodec.makeEncoder()
        var moved = fix
        moved.latitude += 0.0001
        moved.time = 1_714_548_600.25
        var far = fix
        far.time = 1e12
        for (before, after) in [(fix, moved), (far, far), (Fix(time: nil, latitude: 1, longitude: 2, sourceIndex: 9), Fix(time: nil, latitude: 1, longitude: 2, sourceIndex: 9))] {
            let change = FixChange(original: FixSnapshot(before), updated: FixSnapshot(after), stage: "kalman-smoother")
            var changeLine: [UInt8] = []
            NDJSONLines.appendChange(change, to: &changeLine)
            let ours = try #require(try JSONSerialization.jsonObject(with: Data(changeLine)) as? NSDictionary)
            let encoded = try #require(try JSONSerialization.jsonObject(with: encoder.encode(ChangeRecord(change))) as? NSDictionary)
            let theirs = try #require(encoded.mutableCopy() as? NSMutableDictionary)
            theirs["type"] = "change"
            #expect(ours == theirs)
        }
    }
}
