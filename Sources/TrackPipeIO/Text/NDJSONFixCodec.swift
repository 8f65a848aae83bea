import Foundation
import TrackPipe

/// The NDJSON fix format of `trackpipe stream`: one JSON object per line.
///
/// Input lines (only `lat` and `lon` are required; units SI):
///
///     {"time": "2024-05-01T07:30:00.5Z", "lat": 51.5, "lon": -0.12, "ele": 31.2, "hacc": 4.5, "vacc": 3,
///      "speed": 2.9, "course": 87, "hdop": 0.9, "sats": 11, "segment": 0}
///
/// `time` is ISO 8601 text or Unix seconds (a number). Other keys: `vdop`, `pdop`, `fix` (`none`, `2d`, `3d`,
/// `dgps`, `rtk-fixed`, `rtk-float`, `estimated`, `pps`), `hr`, `cad`, `temp`, `segment` (0-based), `paused`.
/// Unknown keys are ignored. A line with a `type` other than `fix` (the `provenance` line of a written NDJSON
/// track, or the `drop`, `change`, `event` and `summary` lines of `stream` output) is not a fix and is skipped, so
/// TrackPipe's own NDJSON output reads back as its fixes. A fix's `index` is its 0-based number among the
/// non-empty input lines that are not skipped.
///
/// Output lines carry a `type`:
/// - `fix`: an accepted fix, same keys as input plus `index` (and `paused` when true).
/// - `drop`: the ``DropRecord`` keys — a fix a stage dropped, or an input line that is not a valid fix
///   (`stage` `read`, with `line`).
/// - `change`: the ``ChangeRecord`` keys — a stage moved, re-stamped or paused a fix.
/// - `event`: `stage`, `kind`, `time`, `index`, `fields` — a pause started or ended, a badge was earned, …
/// - `summary`: last line at end of input: `read`, `kept`, `dropped`, and the stages' summary figures.
public enum NDJSONFixCodec {
    /// One fix as it appears on an NDJSON line.
    public struct Record: Codable, Sendable {
        public var type: String?
        public var index: Int?
        public var time: TimeValue?
        public var lat: Double?
        public var lon: Double?
        public var ele: Double?
        public var hacc: Double?
        public var vacc: Double?
        public var speed: Double?
        public var course: Double?
        public var hdop: Double?
        public var vdop: Double?
        public var pdop: Double?
        public var sats: Int?
        public var fix: String?
        public var hr: Double?
        public var cad: Double?
        public var temp: Double?
        public var segment: Int?
        public var paused: Bool?
        /// When the fix reached the app (ISO 8601 or Unix seconds, as `time`); see `Fix.received`.
        public var received: TimeValue?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case type, index, time, lat, lon, ele, hacc, vacc, speed, course, hdop, vdop, pdop, sats, fix, hr, cad, temp,
                 segment, paused, received
        }

        /// Decodes the keys the line has, in the schema's order, so that a line with two bad values always names the
        /// same one (`allKeys` comes in a dictionary's order, which differs from one decode to the next). `null` is
        /// absent.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            // Whole numbers are read as numbers and checked here: `JSONDecoder` reports a fractional value for an
            // `Int` key as invalid JSON, without the key.
            func wholeNumber(_ key: CodingKeys) throws -> Int? {
                guard let v = try c.decodeIfPresent(Double.self, forKey: key) else { return nil }
                guard Self.isWholeNumber(v) else {
                    throw DecodingError.typeMismatch(Int.self, .init(codingPath: c.codingPath + [key],
                                                                     debugDescription: "expected a whole number, found \(v)"))
                }
                return Int(v)
            }
            for key in CodingKeys.allCases where c.contains(key) {
                switch key {
                case .type: type = try c.decodeIfPresent(String.self, forKey: key)
                case .index: index = try wholeNumber(key)
                case .time: time = try c.decodeIfPresent(TimeValue.self, forKey: key)
                case .lat: lat = try c.decodeIfPresent(Double.self, forKey: key)
                case .lon: lon = try c.decodeIfPresent(Double.self, forKey: key)
                case .ele: ele = try c.decodeIfPresent(Double.self, forKey: key)
                case .hacc: hacc = try c.decodeIfPresent(Double.self, forKey: key)
                case .vacc: vacc = try c.decodeIfPresent(Double.self, forKey: key)
                case .speed: speed = try c.decodeIfPresent(Double.self, forKey: key)
                case .course: course = try c.decodeIfPresent(Double.self, forKey: key)
                case .hdop: hdop = try c.decodeIfPresent(Double.self, forKey: key)
                case .vdop: vdop = try c.decodeIfPresent(Double.self, forKey: key)
                case .pdop: pdop = try c.decodeIfPresent(Double.self, forKey: key)
                case .sats: sats = try wholeNumber(key)
                case .fix: fix = try c.decodeIfPresent(String.self, forKey: key)
                case .hr: hr = try c.decodeIfPresent(Double.self, forKey: key)
                case .cad: cad = try c.decodeIfPresent(Double.self, forKey: key)
                case .temp: temp = try c.decodeIfPresent(Double.self, forKey: key)
                case .segment: segment = try wholeNumber(key)
                case .paused: paused = try c.decodeIfPresent(Bool.self, forKey: key)
                case .received: received = try c.decodeIfPresent(TimeValue.self, forKey: key)
                }
            }
        }

        /// Whether `v` is read as an `Int` key's value: finite, whole and below 9e15 in magnitude.
        static func isWholeNumber(_ v: Double) -> Bool { v.isFinite && v.rounded() == v && abs(v) < 9e15 }

        public init(type: String? = nil, index: Int? = nil, time: TimeValue? = nil, lat: Double? = nil,
                    lon: Double? = nil, ele: Double? = nil, hacc: Double? = nil, vacc: Double? = nil,
                    speed: Double? = nil, course: Double? = nil, hdop: Double? = nil, vdop: Double? = nil,
                    pdop: Double? = nil, sats: Int? = nil, fix: String? = nil, hr: Double? = nil, cad: Double? = nil,
                    temp: Double? = nil, segment: Int? = nil, paused: Bool? = nil, received: TimeValue? = nil) {
            self.type = type
            self.index = index
            self.time = time
            self.lat = lat
            self.lon = lon
            self.ele = ele
            self.hacc = hacc
            self.vacc = vacc
            self.speed = speed
            self.course = course
            self.hdop = hdop
            self.vdop = vdop
            self.pdop = pdop
            self.sats = sats
            self.fix = fix
            self.hr = hr
            self.cad = cad
            self.temp = temp
            self.segment = segment
            self.paused = paused
            self.received = received
        }
    }

    /// A time given as ISO 8601 text or Unix seconds.
    public enum TimeValue: Codable, Sendable {
        case unix(Double)
        case text(String)

        public init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let d = try? c.decode(Double.self) { self = .unix(d) } else { self = .text(try c.decode(String.self)) }
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .unix(let d): try c.encode(d)
            case .text(let s): try c.encode(s)
            }
        }
    }

    /// A line that is not a valid fix.
    public struct LineError: Error, Sendable, CustomStringConvertible {
        public var line: Int
        public var rule: String
        public var message: String
        /// False when the line is not a JSON object at all (binary, another format): a file of nothing but such
        /// lines is not NDJSON.
        public var isJSONObject = true
        public var description: String { "line \(line): \(message)" }
    }

    /// Decodes one input line into a fix with `sourceIndex` `index`; `line` is the 1-based line number.
    /// `nil` for a line whose `type` is not `fix` (see the type's discussion): skip it.
    /// `decoder` is the caller's, reused from line to line (one per stream or file, not one per fix).
    /// ``NDJSONFixDecoder`` gives the same answers more than ten times faster.
    public static func decodeFix(_ text: Substring, index: Int, line: Int, decoder: JSONDecoder) -> Result<Fix?, LineError> {
        decodeRecord(text, line: line, decoder: decoder).flatMap { fix(from: $0, index: index, line: line) }
    }

    /// The record of one line, decoded by `decoder`; the line's error when it is not a JSON object or a key has
    /// the wrong type.
    static func decodeRecord(_ text: Substring, line: Int, decoder: JSONDecoder) -> Result<Record, LineError> {
        do {
            return .success(try decoder.decode(Record.self, from: Data(text.utf8)))
        } catch DecodingError.typeMismatch(_, let ctx), DecodingError.valueNotFound(_, let ctx) {
            // A line that is JSON but not an object (a bare number, string or array) is not a record either.
            guard !ctx.codingPath.isEmpty else {
                return .failure(LineError(line: line, rule: "bad-record", message: "not a JSON object", isJSONObject: false))
            }
            let key = ctx.codingPath.map(\.stringValue).joined(separator: ".")
            return .failure(LineError(line: line, rule: "bad-record", message: "'\(key)' has the wrong type (\(ctx.debugDescription))"))
        } catch {
            return .failure(LineError(line: line, rule: "bad-record", message: "not a JSON object", isJSONObject: false))
        }
    }

    /// The fix a decoded record describes, checked: `nil` for a record whose `type` is not `fix`.
    static func fix(from record: Record, index: Int, line: Int) -> Result<Fix?, LineError> {
        if let type = record.type, type != "fix" { return .success(nil) }
        guard let lat = record.lat, let lon = record.lon else {
            return .failure(LineError(line: line, rule: "missing-position", message: "a fix needs numeric 'lat' and 'lon'"))
        }
        guard lat.isFinite, abs(lat) <= 90 else {
            return .failure(LineError(line: line, rule: "latitude-out-of-range", message: "lat \(lat) is outside −90…90"))
        }
        guard lon.isFinite, abs(lon) <= 180 else {
            return .failure(LineError(line: line, rule: "longitude-out-of-range", message: "lon \(lon) is outside −180…180"))
        }
        let time: Double?, received: Double?
        switch (parseTime(record.time, key: "time", line: line), parseTime(record.received, key: "received", line: line)) {
        case (.failure(let e), _), (_, .failure(let e)): return .failure(e)
        case (.success(let t), .success(let r)): (time, received) = (t, r)
        }
        var quality: FixQuality?
        if let f = record.fix {
            guard let q = FixQuality(rawValue: f) else {
                return .failure(LineError(line: line, rule: "bad-record", message: "fix \"\(f)\" is not one of \(FixQuality.allCases.map(\.rawValue).joined(separator: ", "))"))
            }
            quality = q
        }
        var fix = Fix(time: time, latitude: lat, longitude: lon, altitude: record.ele, horizontalAccuracy: record.hacc,
                      verticalAccuracy: record.vacc, speed: record.speed, course: record.course, hdop: record.hdop,
                      vdop: record.vdop, pdop: record.pdop, satellites: record.sats, fixQuality: quality,
                      heartRate: record.hr, cadence: record.cad, temperature: record.temp, segment: record.segment ?? 0,
                      sourceIndex: index, received: received)
        fix.paused = record.paused ?? false
        fix.estimateAccuracyFromHDOPIfMissing()
        return .success(fix)
    }

    /// A time field: Unix seconds or ISO 8601, within years 1–9999; nil when absent.
    static func parseTime(_ value: TimeValue?, key: String, line: Int) -> Result<Double?, LineError> {
        switch value {
        case nil: return .success(nil)
        case .unix(let t)?:
            guard ISO8601Time.isRepresentable(t) else {
                return .failure(LineError(line: line, rule: "unparseable-time", message: "\(key) \(t) is not Unix seconds within years 1–9999"))
            }
            return .success(t)
        case .text(let s)?:
            guard let t = ISO8601Time.parse(s) else {
                return .failure(LineError(line: line, rule: "unparseable-time", message: "\(key) \"\(s)\" is not ISO 8601 (e.g. 2024-05-01T07:30:00Z) or Unix seconds"))
            }
            return .success(t)
        }
    }

    /// The output record of an accepted fix (`type` `fix`), times as ISO 8601.
    public static func record(for fix: Fix) -> Record {
        Record(type: "fix", index: fix.sourceIndex, time: fix.time.flatMap { ISO8601Time.format($0).map(TimeValue.text) },
               lat: fix.latitude, lon: fix.longitude, ele: fix.altitude,
               hacc: fix.horizontalAccuracyIsEstimated ? nil : fix.horizontalAccuracy, vacc: fix.verticalAccuracy,
               speed: fix.speed, course: fix.course, hdop: fix.hdop, vdop: fix.vdop, pdop: fix.pdop,
               sats: fix.satellites, fix: fix.fixQuality?.rawValue, hr: fix.heartRate, cad: fix.cadence,
               temp: fix.temperature, segment: fix.segment, paused: fix.paused ? true : nil,
               received: fix.received.flatMap { ISO8601Time.format($0).map(TimeValue.text) })
    }

    /// The provenance line that opens a written NDJSON track: `{"type": "provenance", …}` with
    /// ``ProvenanceRecord/Encoded``'s keys.
    public struct ProvenanceLine: Encodable, Sendable {
        public var provenance: ProvenanceRecord.Encoded

        public init(_ p: Provenance) { provenance = ProvenanceRecord.Encoded(p) }

        private enum Key: String, CodingKey { case type }

        /// ``ProvenanceRecord/Encoded``'s keys and `"type": "provenance"`, in one object.
        public func encode(to encoder: any Encoder) throws {
            try provenance.encode(to: encoder)
            var c = encoder.container(keyedBy: Key.self)
            try c.encode("provenance", forKey: .type)
        }
    }

    /// Encodes any value as one compact JSON line (no trailing newline), keys sorted.
    public static func line<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try makeEncoder().encode(value), as: UTF8.self)
    }

    /// The encoder of ``line(_:)``: compact, keys sorted, non-finite numbers as `"inf"`, `"-inf"`, `"nan"`.
    /// A writer of many lines makes one and reuses it.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }
}
