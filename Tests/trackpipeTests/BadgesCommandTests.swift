import Foundation
import Testing

@Suite struct BadgesCommandTests {
    /// Metres per degree of longitude on the equator (local formula: a·π/180).
    let metresPerDegree = 6_378_137.0 * .pi / 180

    /// Writes an NDJSON run along the equator: `metres` long in 10 m steps at `speed` m/s, starting at `start`.
    func writeRun(_ dir: URL, _ name: String, start: Double, metres: Double, speed: Double) throws {
        let n = Int(metres / 10)
        let lines = (0...n).map { i in
            #"{"time": \#(start + Double(i) * 10 / speed), "lat": 0, "lon": \#(Double(i) * 10 / metresPerDegree)}"#
        }
        try (lines.joined(separator: "\n") + "\n").write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    struct Output: Decodable {
        struct Award: Decodable { var runName: String }
        struct Badge: Decodable { var name: String; var distance: Double }
        struct Status: Decodable { var badge: Badge; var earned: Award?; var silver: Award?; var gold: Award?; var best: Award? }
        var badges: [Status]
    }

    @Test func awardsAcrossRunsInDateOrder() throws {
        let dir = try CLIRunner.temporaryDirectory()
        // Named so that file order is not date order: the 5 km run is the earliest.
        try writeRun(dir, "a-later.ndjson", start: 1_700_600_000, metres: 10_500, speed: 3.0)
        try writeRun(dir, "b-first.ndjson", start: 1_700_000_000, metres: 5_200, speed: 2.5)
        let out = try CLIRunner.run(["badges", "--json", dir.path])
        #expect(out.status == 0, "\(out.stderr)")
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase  // the CLI's JSON is snake_case
        let decoded = try decoder.decode(Output.self, from: Data(out.stdout.utf8))
        let deimos = try #require(decoded.badges.first { $0.badge.distance == 5000 })
        #expect(deimos.earned?.runName == "b-first.ndjson")
        // 3.0 m/s > 2.5 × 1.10: silver and gold to the later run.
        #expect(deimos.silver?.runName == "a-later.ndjson")
        #expect(deimos.gold?.runName == "a-later.ndjson")
        let io = try #require(decoded.badges.first { $0.badge.distance == 10_000 })
        #expect(io.earned?.runName == "a-later.ndjson")
        #expect(io.silver == nil)
        #expect(decoded.badges.filter { $0.earned != nil }.count == 10)
    }

    @Test func tableWithUnitsAndACustomCatalog() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try writeRun(dir, "run.ndjson", start: 1_700_000_000, metres: 2_000, speed: 2.5)
        let catalog = dir.appendingPathComponent("badges.json")
        try #"""
        [{"name": "Short", "information": "", "distance": "1000", "imageName": "s"},
         {"name": "Broken", "information": "", "distance": -3, "imageName": "b"},
         {"name": "Long", "information": "", "distance": 16093.44, "imageName": "l"}]
        """#.write(to: catalog, atomically: true, encoding: .utf8)
        let out = try CLIRunner.run(["badges", "--badges", catalog.path, "--units", "imperial", dir.appendingPathComponent("run.ndjson").path])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.contains("badge [1].distance"))
        #expect(out.stdout.contains("Run 10.0 mi to earn"))
        // 2.5 m/s is 10:44 per mile (643.74 s); silver needs 643.74 / 1.05 = 613.1 s → 10:13.
        #expect(out.stdout.contains("silver: faster than 10:13 /mi"))
        #expect(out.stdout.contains("1 of 2 badges earned over 1 run"))
    }

    /// A directory may mix formats: an NDJSON run and a CSV run are both read; other files are ignored.
    @Test func directoriesMixFormats() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try writeRun(dir, "one.ndjson", start: 1_700_000_000, metres: 1_200, speed: 2.5)
        // 1 300 m along the equator in 10 m steps at 2.5 m/s, as CSV.
        let rows = (0...130).map { i in "\(1_700_100_000 + Double(i) * 4),0,\(Double(i) * 10 / metresPerDegree)" }
        try ("time,lat,lon\n" + rows.joined(separator: "\n") + "\n").write(to: dir.appendingPathComponent("two.csv"), atomically: true, encoding: .utf8)
        try "not a run".write(to: dir.appendingPathComponent("notes.md"), atomically: true, encoding: .utf8)
        let out = try CLIRunner.run(["badges", dir.path])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("over 2 runs"), "\(out.stdout)")
    }

    @Test func refusesMissingInputsAndBadCatalogs() throws {
        let missing = try CLIRunner.run(["badges", "/nonexistent/run.ndjson"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("does not exist"))
        let dir = try CLIRunner.temporaryDirectory()
        try writeRun(dir, "run.ndjson", start: 0, metres: 100, speed: 3)
        let catalog = dir.appendingPathComponent("dup.json")
        try #"[{"name": "A", "information": "", "distance": 5, "imageName": ""}, {"name": "B", "information": "", "distance": "5", "imageName": ""}]"#
            .write(to: catalog, atomically: true, encoding: .utf8)
        let dup = try CLIRunner.run(["badges", "--badges", catalog.path, dir.path])
        #expect(dup.status != 0)
        #expect(dup.stderr.contains("both at 5 m"))
    }

    @Test func printsTheDefaultCatalogAsAValidCatalogFile() throws {
        let out = try CLIRunner.run(["badges", "--default-catalog"])
        #expect(out.status == 0)
        let entries = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]]
        #expect(entries?.count == 24)
        #expect(entries?.last?["distance"] as? Double == 42_195)
        let none = try CLIRunner.run(["badges"])
        #expect(none.status != 0)
    }
}
