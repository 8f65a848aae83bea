import Foundation
import Testing
import TestSupport

@Suite struct CompareCommandTests {
    let datasets = TestData.datasets

    func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func scoresEveryPipelineOnEveryDatasetAsJSON() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("scores.json")
        let park = datasets.appendingPathComponent("open-park.gpx").path
        let jumpy = datasets.appendingPathComponent("jumpy.gpx").path
        let r = try CLIRunner.run(["compare", "--pipeline", "raw", "--pipeline",
                                   TestData.pipelines.appendingPathComponent("runkeeper.json").path,
                                   park, jumpy, "--format", "json", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.isEmpty)  // written to the file only
        let doc = try json(out)
        #expect(doc["schema"] as? String == "trackpipe-compare/1")
        let results = try #require(doc["results"] as? [[String: Any]])
        #expect(results.count == 4)  // 2 datasets × 2 pipelines
        #expect(results.map { $0["dataset"] as? String } == [park, park, jumpy, jumpy])
        let first = try #require(results.first?["score"] as? [String: Any])
        #expect(first["pipeline"] as? String == "raw")
        #expect(first["truth"] as? String == "per-fix")
        #expect(first["kept"] as? Int == 2300 && first["records"] as? Int == 2300)
        // raw keeps every fix: the position error of each against its truth row, computed with numpy from the
        // GPX and the truth CSV (WGS84 radii at the mid-latitude): RMSE 31.678784183 m, p95 (nearest rank)
        // 6.293251338 m, max 1501.452225412 m (the park's one jump).
        let position = try #require(first["position"] as? [String: Any])
        #expect(abs((position["rmse"] as? Double ?? .nan) - 31.678784183) < 1e-6, "\(position)")
        #expect(abs((position["p95"] as? Double ?? .nan) - 6.293251338) < 1e-6, "\(position)")
        #expect(abs((position["max"] as? Double ?? .nan) - 1501.452225412) < 1e-6, "\(position)")
        // The park has 1 jump (truth CSV); raw drops nothing, so none of it is caught.
        let jump = try #require((first["anomalies"] as? [String: Any])?["jump"] as? [String: Any])
        #expect(jump["correct"] as? Int == 0 && jump["predicted"] as? Int == 0 && jump["actual"] as? Int == 1, "\(jump)")
        let rk = try #require(results[1]["score"] as? [String: Any])
        let drops = try #require(rk["drops_by_rule"] as? [String: Int])
        #expect(drops.values.reduce(0, +) == rk["dropped"] as? Int)
        #expect(drops.keys.allSatisfy { $0.contains("/") })
    }

    @Test func tableCSVAndMarkdownForAFolderWithPresetsByDefault() throws {
        let table = try CLIRunner.run(["compare", datasets.path])
        #expect(table.status == 0, "\(table.stderr)")
        // 6 datasets × 4 presets, each on its own line of the main table (the lines before the first blank one).
        let main = table.stdout.components(separatedBy: "\n\n")[0].components(separatedBy: "\n")
        for name in ["open-park", "urban-canyon", "stop-and-go", "heavy-warm-up", "jumpy", "clock-fault"] {
            #expect(main.filter { $0.hasPrefix("datasets/\(name).gpx ") }.count == 4)
        }
        let csv = try CLIRunner.run(["compare", "--pipeline", "raw", datasets.appendingPathComponent("open-park.gpx").path, "--format", "csv"])
        #expect(csv.status == 0)
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("dataset,pipeline,truth,records,kept,dropped,distance_m,true_distance_m,distance_error_m"))
        #expect(lines[0].split(separator: ",").count == lines[1].split(separator: ",", omittingEmptySubsequences: false).count)
        let md = try CLIRunner.run(["compare", "--pipeline", "default", datasets.appendingPathComponent("open-park.gpx").path, "--format", "markdown"])
        #expect(md.stdout.hasPrefix("| dataset | pipeline |"))
        #expect(md.stdout.split(separator: "\n").count == 3)
    }

    /// A recording without truth (the Apple Watch run) still shows each pipeline's distance (in the table, in km) and
    /// how far it moved the fixes: raw moves none (0 m at most), the default less than 1.5 m RMS (1.02 m measured; 37 m
    /// before its courses were checked).
    @Test func aRecordingWithoutTruthShowsItsDistanceAndHowFarItMoved() throws {
        let watch = try TestData.real("applewatch-run/myfile_multseg.gpx")
        let dir = try CLIRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("scores.json")
        let r = try CLIRunner.run(["compare", "--pipeline", "raw", "--pipeline", "default", watch, "--format", "json", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let results = try #require(try json(out)["results"] as? [[String: Any]])
        let scores = try results.map { try #require($0["score"] as? [String: Any]) }
        #expect(scores.map { $0["truth"] as? String } == ["none", "none"])
        let raw = try #require(scores[0]["moved"] as? [String: Any]), smoothed = try #require(scores[1]["moved"] as? [String: Any])
        #expect(raw["max"] as? Double == 0 && raw["count"] as? Int == 1559, "\(raw)")
        #expect((smoothed["rmse"] as? Double ?? .nan) < 1.5 && (smoothed["rmse"] as? Double ?? 0) > 0, "\(smoothed)")
        // The table shows the distance the JSON holds, in km to the metre.
        let table = try CLIRunner.run(["compare", "--pipeline", "raw", "--pipeline", "default", watch])
        #expect(table.status == 0, "\(table.stderr)")
        for (score, name) in zip(scores, ["raw", "default"]) {
            let km = String(format: "%.3f", (score["distance"] as? Double ?? .nan) / 1000)
            let row = table.stdout.split(separator: "\n").first { $0.contains(" \(name) ") }
            #expect(row?.contains(" \(km) ") == true, "\(name): \(km) km not in \(row ?? "")")
        }
    }

    @Test func aRouteOnlyDatasetIsScoredOnWhatItHas() throws {
        let dir = try CLIRunner.temporaryDirectory()
        // A simulated track without its truth file, and a route line beside it.
        let sim = try CLIRunner.run(["simulate", "--scenario", "out-and-back", "--seed", "3", "--set", "fix-count=300", "-o", dir.appendingPathComponent("walk.gpx").path])
        #expect(sim.status == 0, "\(sim.stderr)")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("walk.truth.csv"))
        try Data("""
            <?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><rte>
            <rtept lat="51.4545" lon="-2.5879"/><rtept lat="51.4546" lon="-2.5800"/></rte></gpx>
            """.utf8).write(to: dir.appendingPathComponent("planned-route.gpx"))
        let r = try CLIRunner.run(["compare", "--pipeline", "raw", dir.path, "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let results = try #require(doc["results"] as? [[String: Any]])
        #expect(results.count == 1)  // planned-route.gpx is truth, not a dataset
        let score = try #require(results[0]["score"] as? [String: Any])
        #expect(score["truth"] as? String == "route")
        #expect((score["cross_track"] as? [String: Any])?["rmse"] is Double)
        #expect(score["position"] == nil)
        #expect((score["skipped"] as? [String])?.contains { $0.contains("position error") } == true)
    }

    @Test func aTruthThatDoesNotLineUpIsAnErrorNamingBothFiles() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let track = dir.appendingPathComponent("run.gpx"), truth = dir.appendingPathComponent("run.truth.csv")
        let sim = try CLIRunner.run(["simulate", "--seed", "4", "--set", "fix-count=200", "-o", track.path])
        #expect(sim.status == 0, "\(sim.stderr)")
        // Cut the truth short by 10 rows.
        let lines = try String(contentsOf: truth, encoding: .utf8).split(separator: "\n")
        try Data((lines.dropLast(10).joined(separator: "\n") + "\n").utf8).write(to: truth)
        let out = dir.appendingPathComponent("scores.csv")
        let r = try CLIRunner.run(["compare", track.path, "--format", "csv", "-o", out.path])
        #expect(r.status != 0)
        #expect(r.stderr.contains("run.truth.csv") && r.stderr.contains("run.gpx"))
        #expect(r.stderr.contains("190 rows") && r.stderr.contains("200 records"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func anUnknownPipelineNameIsAnError() throws {
        let r = try CLIRunner.run(["compare", "--pipeline", "fastest", datasets.appendingPathComponent("jumpy.gpx").path])
        #expect(r.status != 0)
        #expect(r.stderr.contains("not a preset"))
    }

    /// `--format html` on standard output: one page, one map per dataset with one line per pipeline (the
    /// browser test opens it; here the structure).
    @Test func htmlFormatDrawsEveryPipelineOnEveryDataset() throws {
        let r = try CLIRunner.run(["compare", "datasets/jumpy.gpx", "datasets/open-park.gpx", "--pipeline", "raw", "--pipeline", "default", "--format", "html"],
                                  in: TestData.packageRoot)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(r.stdout.components(separatedBy: "<svg class=\"map-svg\"").count - 1 == 2)
        #expect(r.stdout.components(separatedBy: "<g data-layer=\"pipeline-").count - 1 == 4)
        #expect(r.stdout.components(separatedBy: "<g data-layer=\"truth\">").count - 1 == 2)
    }
}
