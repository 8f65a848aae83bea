import Foundation
import Testing
import TrackPipeIO

@Suite struct ISO8601TimeTests {
    // Expected values computed independently with Python: datetime.fromisoformat(...).timestamp().
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", 0.0),
        ("2016-06-30T21:26:07Z", 1467321967.0),
        ("2020-02-06T18:14:34.500Z", 1581012874.5),
        ("2020-02-29T23:59:59+01:00", 1583017199.0),
        ("2020-02-29 23:59:59-0530", 1583040599.0),
        ("2024-12-31T23:59:59.123456", 1735689599.123456),
        ("1969-12-31T23:59:59Z", -1.0),
    ])
    func parses(_ text: String, _ expected: Double) {
        let t = ISO8601Time.parse(text)
        #expect(t != nil)
        #expect(abs((t ?? .nan) - expected) < 1e-6)
    }

    @Test(arguments: ["", "2020-13-01T00:00:00Z", "2021-02-29T00:00:00Z", "2020-01-01", "2020-01-01T25:00:00Z",
                      "2020-01-01T00:00:00Q", "2020-01-01T00:00:00.Z", "garbage", "2020-01-01T00:00:00Z trailing",
                      // A leap second has no Unix time of its own; year 0 and anything past 9999 cannot be written.
                      "2016-12-31T23:59:60Z", "0000-12-31T23:59:59Z", "9999-12-31T23:59:59-01:00"])
    func rejects(_ text: String) {
        #expect(ISO8601Time.parse(text) == nil)
    }

    @Test func formatRoundTripsAgainstFoundation() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let t = Double(Int64.random(in: -2_000_000_000...4_000_000_000, using: &rng)) + Double(Int.random(in: 0...999, using: &rng)) / 1000
            let text = ISO8601Time.format(t) ?? ""
            #expect(abs((ISO8601Time.parse(text) ?? .nan) - t) < 1e-6)
            // Foundation's formatter agrees on the calendar date and time of day.
            let f = ISO8601DateFormatter()
            f.formatOptions = text.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
            #expect(abs((f.date(from: text)?.timeIntervalSince1970 ?? .nan) - t) < 1e-3)
        }
    }
}
