import Foundation
import Testing
import TestSupport

/// Small hostile inputs (each under 100 KB) run through every command that reads tracks inside a bound: 2 s of
/// CPU and 256 MB of address space (`ulimit -t 2 -v 262144`; a debug build runs a 2300-fix run in 0.5 s within
/// it). Cost must follow the input's size, not the values in it — splits, pauses, gaps, interpolation. A
/// command ends with status 0 or 1, never a signal; when it succeeds, the report accounts for every record.
@Suite struct HostileInputTests {
    /// Name and content of each hostile input.
    static let inputs: [(String, String)] = {
        let formatter = ISO8601DateFormatter()
        func iso(_ t: Double) -> String { formatter.string(from: Date(timeIntervalSince1970: t)) }
        var list: [(String, String)] = []
        // 100 fixes 30 days apart, alternating longitude 0° / 179.9°: 20 000 km steps at a running pace.
        var gpx = #"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
        for i in 0..<100 {
            gpx += #"<trkpt lat="0" lon="\#(i % 2 == 0 ? "0" : "179.9")"><time>\#(iso(1_704_067_200 + Double(i) * 30 * 86_400))</time></trkpt>"#
        }
        list.append(("far-apart.gpx", gpx + "</trkseg></trk></gpx>"))
        // Absurd times: far outside years 1–9999, denormal, negative zero, one past the end of 9999 (in milliseconds, as any time above 1e11 is read).
        list.append(("absurd-times.csv", "time,lat,lon\n1e20,51.5,0\n-1e20,51.5,0.001\n1e308,51.5,0.002\n1e-300,51.5,0.003\n-0,51.5,0.004\n253402300800000,51.5,0.005\n1700000000,51.5,0.006\n"))
        // 3000 fixes at one time and place.
        list.append(("one-instant.csv", "time,lat,lon\n" + String(repeating: "2024-05-01T07:30:00Z,51.5,-0.1\n", count: 3000)))
        // Round the world every second; and the date line and the poles crossed every second.
        list.append(("round-the-world.csv", "unixtime,lat,lon\n" + (0..<2000).map { "\(1_700_000_000 + $0),0,\(Double($0 % 4) * 90 - 180)" }.joined(separator: "\n")))
        list.append(("date-line.csv", "unixtime,lat,lon\n" + (0..<2000).map { "\(1_700_000_000 + $0),10,\($0 % 2 == 0 ? 179.99999 : -179.99999)" }.joined(separator: "\n")))
        list.append(("poles.csv", "unixtime,lat,lon\n" + (0..<2000).map { "\(1_700_000_000 + $0),\($0 % 2 == 0 ? 90 : -90),\($0)" }.joined(separator: "\n")))
        // Values at the edge of a double.
        list.append(("huge-values.csv", "unixtime,lat,lon,hacc,vacc,ele,speed,course,hdop,sats\n" + (0..<500).map {
            "\(1_700_000_000 + $0),51.5,\(Double($0) * 1e-5),1e308,1e308,\($0 % 2 == 0 ? "1e308" : "-1e308"),1e308,1e308,1e308,99"
        }.joined(separator: "\n")))
        list.append(("not-numbers.csv", "time,lat,lon,hacc\n2024-05-01T07:30:00Z,nan,inf,-inf\n2024-05-01T07:30:01Z,51.5,-0.1,nan\n2024-05-01T07:30:02Z,51.5,-0.1001,5\n"))
        // Three fixes a century apart, in the stream format.
        list.append(("centuries.ndjson", [0.0, 3.2e9, 6.4e9].enumerated().map {
            #"{"time": \#($1 - 2e9), "lat": 51.5, "lon": \#(Double($0) * 0.001)}"#
        }.joined(separator: "\n")))
        // 800 segments of one point each.
        var segments = #"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk>"#
        for i in 0..<800 { segments += #"<trkseg><trkpt lat="51.5" lon="\#(Double(i) * 1e-4)"><time>\#(iso(1_700_000_000 + Double(i) * 3600))</time></trkpt></trkseg>"# }
        list.append(("segments.gpx", segments + "</trk></gpx>"))
        // NMEA with an hour 25 and a leap second.
        list.append(("clock.nmea", [nmea("GPRMC,253000,A,5130.000,N,00007.000,W,0.0,0.0,010524,,"),
                                    nmea("GPRMC,235960,A,5130.000,N,00007.000,W,0.0,0.0,311216,,"),
                                    nmea("GPRMC,120000,A,5130.000,N,00007.000,W,0.0,0.0,010524,,")].joined(separator: "\r\n")))
        return list
    }()

    static func nmea(_ body: String) -> String {
        let sum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        return "$" + body + "*" + String(format: "%02X", sum)
    }

    func write(_ name: String, _ text: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: false, encoding: .utf8)
        #expect(text.utf8.count < 100_000, "\(name) is meant to be small")
        return url.path
    }

    func bounded(_ command: String, in dir: URL) throws -> CLIRunner.Output {
        try CLIRunner.shell("ulimit -t 2 -v 262144; exec \"$TP\" \(command)", in: dir)
    }

    @Test(arguments: inputs.map(\.0))
    func staysWithinTheBound(name: String) throws {
        let text = try #require(Self.inputs.first { $0.0 == name }?.1)
        let dir = try CLIRunner.temporaryDirectory()
        let path = try write(name, text, in: dir)
        let report = dir.appendingPathComponent("report.json")
        let run = try bounded("run '\(path)' -o out.gpx --to gpx --report report.json --drops drops.geojson -q", in: dir)
        #expect(run.status == 0 || run.status == 1, "run \(name): status \(run.status) \(run.stderr)")
        if run.status == 0 {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
            let entry = try #require((object["runs"] as? [[String: Any]])?.first)
            let input = try #require(entry["input"] as? [String: Any])
            let read = try #require(input["records"] as? Int ?? input["fixes"] as? Int)
            let kept = try #require(entry["kept"] as? Int)
            let dropped = try #require(entry["dropped_count"] as? Int)
            #expect(kept + dropped == read, "\(name): \(kept) + \(dropped) ≠ \(read)")
        }
        // Distance by the fixes' own speeds (which may be 1e308 m/s), with splits and badges.
        try #"{"version": 1, "stages": [{"stage": "distance", "method": "speed"}, {"stage": "splits", "method": "speed"}, {"stage": "badges", "method": "speed"}, {"stage": "auto-pause"}]}"#
            .write(to: dir.appendingPathComponent("speed.json"), atomically: false, encoding: .utf8)
        for command in ["info '\(path)'", "convert '\(path)' -o out.csv", "badges '\(path)'",
                        "run '\(path)' --pipeline speed.json --report speed-report.json -q", "compare '\(path)' --pipeline default"] {
            let r = try bounded(command, in: dir)
            #expect(r.status == 0 || r.status == 1, "\(command): status \(r.status) \(r.stderr)")
        }
        if name.hasSuffix(".ndjson") {
            let r = try bounded("stream < '\(path)' > /dev/null", in: dir)
            #expect(r.status == 0, "stream \(name): \(r.stderr)")
        }
    }

    /// Times no format can write are rejected records naming the rule and line, never fixes with an empty time.
    @Test func absurdTimesAreRejectedWithTheirLines() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let path = try write("absurd-times.csv", try #require(Self.inputs.first { $0.0 == "absurd-times.csv" }?.1), in: dir)
        let r = try CLIRunner.run(["convert", path, "-o", dir.appendingPathComponent("out.csv").path])
        #expect(r.status == 0, "\(r.stderr)")
        for line in [2, 3, 4, 7] { #expect(r.stderr.contains("line \(line), column 1: unparseable-time"), "line \(line): \(r.stderr)") }
        let out = try String(contentsOf: dir.appendingPathComponent("out.csv"), encoding: .utf8)
        let rows = out.split(separator: "\n").dropFirst()
        #expect(rows.count == 3)
        #expect(rows.allSatisfy { !$0.hasPrefix(",") }, "a fix was written without its time: \(out)")
        let nmea = try write("clock.nmea", try #require(Self.inputs.first { $0.0 == "clock.nmea" }?.1), in: dir)
        let n = try CLIRunner.run(["info", nmea])
        #expect(n.stdout.contains("1 in 1 segment, plus 2 rejected records"), "\(n.stdout)")
    }
}
