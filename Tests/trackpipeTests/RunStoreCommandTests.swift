import Foundation
import Testing
import TestSupport

/// `run --store`, `history --store` and `badges --store`: what the store gives back is checked against the same
/// runs read from their files (`badges` over the files) and against a run made by hand.
@Suite struct RunStoreCommandTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func badgesFromTheStoreEqualBadgesFromTheFiles() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let store = dir.appendingPathComponent("runs.sqlite").path
        let stored = try CLIRunner.run(["run", "datasets", "--store", store, "-q"], in: TestData.packageRoot)
        #expect(stored.status == 0, "\(stored.stderr)")
        let fromStore = try CLIRunner.run(["badges", "--store", store, "--json"])
        let fromFiles = try CLIRunner.run(["badges", "datasets", "--json"], in: TestData.packageRoot)
        #expect(fromStore.status == 0 && fromFiles.status == 0, "\(fromStore.stderr) \(fromFiles.stderr)")
        // The same badges, earned, silvered and bettered by the same runs (named; `run_index` counts in the order
        // each command was given its runs: files by name, the store by start time).
        func withoutIndex(_ value: Any) -> Any {
            if let d = value as? [String: Any] { return d.filter { $0.key != "run_index" }.mapValues(withoutIndex) }
            if let a = value as? [Any] { return a.map(withoutIndex) }
            return value
        }
        let a = try #require(withoutIndex(try json(fromStore.stdout)["badges"] as Any) as? [Any])
        let b = try #require(withoutIndex(try json(fromFiles.stdout)["badges"] as Any) as? [Any])
        #expect(a.count > 5 && (a as NSArray).isEqual(to: b))
        // `badges FOLDER` takes the runs (the folder's GPX files), not the truth files beside them.
        let runs = try FileManager.default.contentsOfDirectory(atPath: TestData.datasets.path).filter { $0.hasSuffix(".gpx") }.count
        #expect(runs >= 9)
        #expect((try json(fromFiles.stdout)["runs"] as? [Any])?.count == runs)
        // Storing the same files again replaces their runs.
        _ = try CLIRunner.run(["run", "datasets", "--store", store, "-q"], in: TestData.packageRoot)
        let history = try json(try CLIRunner.run(["history", "--store", store, "--json"]).stdout)
        #expect((history["runs"] as? [Any])?.count == runs)
        // The default names where each run started: the simulated runs start in a Bristol park (51.454° N, 2.587° W).
        let places = try #require(history["runs"] as? [[String: Any]]).map { $0["start_place"] as? String }
        #expect(places.allSatisfy { $0 == "Bristol, United Kingdom" }, "\(places)")
        let table = try CLIRunner.run(["history", "--store", store]).stdout
        #expect(table.contains(" near\n") && table.contains("Bristol, United Kingdom"))
    }

    /// A straight run east at 4 m/s, one fix a second, 1501 fixes (6 km) with 3 m accuracy, through `raw` (the
    /// distance stage alone): the fastest 1 km is 250 s, 5 km 1250 s, and the month holds one 6 km run.
    @Test func personalBestsOfARunMadeByHand() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let metresPerDegreeEast = Double.pi * 6_371_008.8 / 180 * cos(51.5 * Double.pi / 180)
        var csv = "time,latitude,longitude,horizontal_accuracy\n"
        for i in 0...1500 {
            csv += "\(1_780_000_000 + i),51.5,\(-0.12 + Double(4 * i) / metresPerDegreeEast),3\n"
        }
        try csv.write(to: dir.appendingPathComponent("straight.csv"), atomically: true, encoding: .utf8)
        let store = dir.appendingPathComponent("runs.sqlite").path
        let r = try CLIRunner.run(["run", "straight.csv", "--pipeline", "raw", "--store", store, "-q"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let history = try json(try CLIRunner.run(["history", "--store", store, "--json"]).stdout)
        let bests = try #require(history["personal_bests"] as? [[String: Any]])
        func best(_ name: String) -> Double? { bests.first { $0["name"] as? String == name }?["time_s"] as? Double }
        // The distance stage measures on the ellipsoid, the fixes were placed on the sphere: 0.3 % apart here.
        #expect(abs((best("1 km") ?? 0) - 250) < 1 && abs((best("5 km") ?? 0) - 1250) < 4)
        #expect(best("10 km") == nil && bests.count == 3)
        let months = try #require(history["months"] as? [[String: Any]])
        #expect(months.count == 1 && months[0]["period"] as? String == "2026-05" && abs((months[0]["distance_m"] as? Double ?? 0) - 6000) < 20)
    }

    @Test func twoBatchRunsCanWriteOneStoreAtOnce() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let store = dir.appendingPathComponent("runs.sqlite").path
        let datasets = TestData.datasets
        // Both processes started before either is waited for.
        let runs = [["open-park", "jumpy", "stop-and-go"], ["urban-canyon", "clock-fault", "heavy-warm-up"]].map { names in
            let p = Process()
            p.executableURL = CLIRunner.executable
            p.arguments = ["run"] + names.map { datasets.appendingPathComponent($0 + ".gpx").path } + ["--keep-going", "--store", store, "-q"]
            p.standardInput = FileHandle.nullDevice
            // Standard error to a file (a pipe could fill and stall the process), read when a run failed.
            let errors = dir.appendingPathComponent("stderr-\(names[0]).txt")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            p.standardError = try? FileHandle(forWritingTo: errors)
            return p
        }
        for p in runs { try p.run() }
        for p in runs { p.waitUntilExit() }
        let errors = ["open-park", "urban-canyon"].map {
            (try? String(contentsOf: dir.appendingPathComponent("stderr-\($0).txt"), encoding: .utf8)) ?? ""
        }
        #expect(runs.map(\.terminationStatus) == [0, 0], "\(errors)")
        let history = try json(try CLIRunner.run(["history", "--store", store, "--json"]).stdout)
        #expect((history["runs"] as? [Any])?.count == 6)
    }

    @Test func aStoreThatCannotBeUsedIsAnErrorNamingIt() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let text = dir.appendingPathComponent("notes.txt")
        try String(repeating: "not a database ", count: 20).write(to: text, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["run", "datasets/jumpy.gpx", "--store", text.path, "-q"], in: TestData.packageRoot)
        #expect(r.status == 1 && r.stderr.contains("trackpipe: error: \(text.path): SQLite error 26"), "\(r.stderr)")
        let missing = try CLIRunner.run(["history", "--store", dir.appendingPathComponent("none.sqlite").path])
        #expect(missing.status == 1 && missing.stderr.contains("no such run store"))
        let stdin = try CLIRunner.run(["run", "-", "--store", dir.appendingPathComponent("s.sqlite").path])
        #expect(stdin.status == 64 && stdin.stderr.contains("cannot be stored"))
    }
}
