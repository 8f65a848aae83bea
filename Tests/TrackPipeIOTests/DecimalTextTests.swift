import Foundation
import Testing
import TrackPipe
import TrackPipeLab
@testable import TrackPipeIO

/// Number text: parsing agrees with C `strtod` (correctly rounded) on every form, through the fast path and
/// without; formatting reads back exactly and never uses an exponent.
@Suite struct DecimalTextTests {
    /// strtod's value for `text`, or `nil` when it does not read the whole text.
    static func strtodValue(_ text: String) -> Double? {
        text.withCString { p -> Double? in
            var end: UnsafeMutablePointer<CChar>?
            let v = strtod(p, &end)
            guard let end, end != p, end.pointee == 0 else { return nil }
            return v
        }
    }

    @Test(arguments: ["0", "-0", "+1", "1.", ".5", "42.3591555", "-71.0603005", "0.000000000000000000001",
                      "123456789012345", "1234567890123456", "12345678901234567890", "0.1234567890123456789",
                      "9007199254740993", "1e5", "-2.5E-3", "1.7976931348623157e308", "4.9e-324", "inf", "nan",
                      "000000000000000000000012.5", "99999999999999.9", "1.0000000000000002",
                      "0.0000000000000001", "-0000000000000000000000001.25", "1234567890.12345", "1234567890.123456",
                      "0.00000000000000000000012", "18446744073709551617", "+.5", "5."])
    func agreesWithStrtod(_ text: String) {
        let ours = DecimalText.parseDouble(text)
        let theirs = Self.strtodValue(text)
        if let theirs, theirs.isNaN { #expect(ours?.isNaN == true) } else {
            #expect(ours?.bitPattern == theirs?.bitPattern, "\(text)")
        }
    }

    @Test(arguments: ["", " ", "-", ".", "1.2.3", "1,5", "0x1p3", "12abc", "--1", "1e", "five"])
    func rejects(_ text: String) {
        #expect(DecimalText.parseDouble(text) == nil, "\(text)")
    }

    @Test func randomDecimalsAgreeWithStrtod() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let intDigits = Int.random(in: 0...12, using: &rng), fracDigits = Int.random(in: 0...12, using: &rng)
            var text = Bool.random(using: &rng) ? "-" : ""
            text += intDigits == 0 ? "0" : String((0..<intDigits).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
            if fracDigits > 0 { text += "." + String((0..<fracDigits).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) }) }
            #expect(DecimalText.parseDouble(text)?.bitPattern == Self.strtodValue(text)?.bitPattern, "\(text)")
        }
    }

    @Test func formatReadsBackExactlyWithoutExponent() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<5_000 {
            let v = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng))
            guard v.isFinite, abs(v) < 1e30, abs(v) > 1e-30 || v == 0 else { continue }
            let s = DecimalText.format(v) ?? ""
            #expect(!s.contains("e") && DecimalText.parseDouble(s) == v, "\(v) → \(s)")
        }
        #expect(DecimalText.format(.nan) == nil && DecimalText.format(1e-7) == "0.0000001" && DecimalText.format(2) == "2")
    }
}
