import CSimdJSON
import Foundation
import TrackPipe

/// Decodes NDJSON fix lines (``NDJSONFixCodec``'s schema) one after another: one per stream or file.
///
/// A line that is one flat JSON object (numbers — none with an exponent or more than 19 digits —, strings, booleans
/// and null, no key twice) is read by simdjson's
/// On-Demand parser (a 2300-fix run reads in 2 ms, `GPXBenchmarks`' `read.NDJSON`); anything else — invalid JSON, a nested value, a key of the
/// wrong type — goes to Foundation's `JSONDecoder`, whose verdict and message the line gets. Both paths give the
/// same fix or the same error for every line (``NDJSONFixCodec/decodeFix(_:index:line:decoder:)`` is the
/// `JSONDecoder`-only reference the tests compare against); the fast one exists because `JSONDecoder` took 12 µs a
/// line, two thirds of `trackpipe stream`.
public final class NDJSONFixDecoder {
    private typealias Key = NDJSONFixCodec.Record.CodingKeys
    private static let keys = Key.allCases
    private let scanner: OpaquePointer?
    private var values: [trackpipe_json_value]
    private let fallback = JSONDecoder()

    public init() {
        let names = Self.keys.map { strdup($0.rawValue) }
        defer { names.forEach { free($0) } }
        scanner = names.map { UnsafePointer($0) }.withUnsafeBufferPointer {
            trackpipe_json_scanner_create($0.baseAddress, $0.count)
        }
        values = Array(repeating: trackpipe_json_value(), count: Self.keys.count)
    }

    deinit { trackpipe_json_scanner_destroy(scanner) }

    /// The fix on the line `bytes` with `sourceIndex` `index`, `nil` for a line whose `type` is not `fix`, or the
    /// line's error; `line` is the 1-based line number for the message. No string is made unless `JSONDecoder` has
    /// to decide; bytes that are not UTF-8 are read as `String(decoding:as:)` reads them.
    public func decode(_ bytes: UnsafeBufferPointer<UInt8>, index: Int, line: Int) -> Result<Fix?, NDJSONFixCodec.LineError> {
        if let record = scan(bytes) { return NDJSONFixCodec.fix(from: record, index: index, line: line) }
        let text = Substring(String(decoding: bytes, as: UTF8.self))
        return NDJSONFixCodec.decodeRecord(text, line: line, decoder: fallback).flatMap {
            NDJSONFixCodec.fix(from: $0, index: index, line: line)
        }
    }

    /// The same for a line given as text.
    public func decode(_ text: Substring, index: Int, line: Int) -> Result<Fix?, NDJSONFixCodec.LineError> {
        Array(text.utf8).withUnsafeBufferPointer { decode($0, index: index, line: line) }
    }

    /// Whether the line holds nothing but white space (as `Character.isWhitespace` has it): a line to skip.
    public static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in bytes {
            switch b {
            case 0x20, 0x09...0x0D: continue
            case 0x80...: return String(decoding: bytes, as: UTF8.self).allSatisfy(\.isWhitespace)
            default: return false
            }
        }
        return true
    }

    /// The record simdjson reads off `bytes`, or `nil` when the line is not a flat object whose known keys all
    /// have values of their type (then `JSONDecoder` decides).
    func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> NDJSONFixCodec.Record? {
        guard let scanner else { return nil }
        let scanned = values.withUnsafeMutableBufferPointer { out in
            bytes.withMemoryRebound(to: CChar.self) {
                trackpipe_json_scan(scanner, $0.baseAddress, $0.count, out.baseAddress)
            }
        }
        guard scanned == 1 else { return nil }
        var record = NDJSONFixCodec.Record()
        for (i, key) in Self.keys.enumerated() {
            let v = values[i]
            if v.kind == TRACKPIPE_JSON_ABSENT || v.kind == TRACKPIPE_JSON_NULL { continue }
            switch key {
            case .type: guard let s = string(v) else { return nil }; record.type = s
            case .fix: guard let s = string(v) else { return nil }; record.fix = s
            case .index: guard let n = wholeNumber(v) else { return nil }; record.index = n
            case .sats: guard let n = wholeNumber(v) else { return nil }; record.sats = n
            case .segment: guard let n = wholeNumber(v) else { return nil }; record.segment = n
            case .time: guard let t = time(v) else { return nil }; record.time = t
            case .received: guard let t = time(v) else { return nil }; record.received = t
            case .paused:
                switch v.kind {
                case TRACKPIPE_JSON_TRUE: record.paused = true
                case TRACKPIPE_JSON_FALSE: record.paused = false
                default: return nil
                }
            case .lat: guard let d = number(v) else { return nil }; record.lat = d
            case .lon: guard let d = number(v) else { return nil }; record.lon = d
            case .ele: guard let d = number(v) else { return nil }; record.ele = d
            case .hacc: guard let d = number(v) else { return nil }; record.hacc = d
            case .vacc: guard let d = number(v) else { return nil }; record.vacc = d
            case .speed: guard let d = number(v) else { return nil }; record.speed = d
            case .course: guard let d = number(v) else { return nil }; record.course = d
            case .hdop: guard let d = number(v) else { return nil }; record.hdop = d
            case .vdop: guard let d = number(v) else { return nil }; record.vdop = d
            case .pdop: guard let d = number(v) else { return nil }; record.pdop = d
            case .hr: guard let d = number(v) else { return nil }; record.hr = d
            case .cad: guard let d = number(v) else { return nil }; record.cad = d
            case .temp: guard let d = number(v) else { return nil }; record.temp = d
            }
        }
        return record
    }

    private func number(_ v: trackpipe_json_value) -> Double? { v.kind == TRACKPIPE_JSON_NUMBER ? v.number : nil }

    private func wholeNumber(_ v: trackpipe_json_value) -> Int? {
        guard v.kind == TRACKPIPE_JSON_NUMBER, NDJSONFixCodec.Record.isWholeNumber(v.number) else { return nil }
        return Int(v.number)
    }

    private func string(_ v: trackpipe_json_value) -> String? {
        guard v.kind == TRACKPIPE_JSON_STRING else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: v.string, count: v.length), as: UTF8.self)
    }

    /// A time value; ISO 8601 text that reads as a representable time is passed on as its seconds, which
    /// ``NDJSONFixCodec`` takes exactly as it takes the text, without making a string of it.
    private func time(_ v: trackpipe_json_value) -> NDJSONFixCodec.TimeValue? {
        switch v.kind {
        case TRACKPIPE_JSON_NUMBER:
            return .unix(v.number)
        case TRACKPIPE_JSON_STRING:
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(v.string)?.assumingMemoryBound(to: UInt8.self), count: v.length)
            if let t = ISO8601Time.parse(bytes), ISO8601Time.isRepresentable(t) { return .unix(t) }
            return string(v).map(NDJSONFixCodec.TimeValue.text)
        default:
            return nil
        }
    }
}
