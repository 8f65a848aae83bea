import Foundation
import Testing
import TestSupport

@Suite struct SimulateCommandTests {
    /// The committed open-park dataset is reproduced byte for byte by its command in datasets/make-datasets.sh.
    @Test func reproducesTheCommittedDataset() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("open-park.gpx")
        let r = try CLIRunner.run(["simulate", "--scenario", "park-loop", "--seed", "101", "--name", "open-park",
                                   "--set", "runner.extra-stops=2", "--set", "jumps.count=1", "--set", "cell-fixes.count=1",
                                   "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let committed = TestData.datasets
        #expect(try Data(contentsOf: out) == Data(contentsOf: committed.appendingPathComponent("open-park.gpx")))
        #expect(try Data(contentsOf: dir.appendingPathComponent("open-park.truth.csv"))
                    == Data(contentsOf: committed.appendingPathComponent("open-park.truth.csv")))
    }

    @Test func writesAnyFormatWithTheTruthBesideIt() throws {
        let dir = try CLIRunner.temporaryDirectory()
        for ext in ["csv", "geojson"] {
            let out = dir.appendingPathComponent("run.\(ext)")
            let r = try CLIRunner.run(["simulate", "--scenario", "track-400", "--seed", "9", "--set", "fix-count=120", "-o", out.path])
            #expect(r.status == 0, "\(r.stderr)")
            let info = try CLIRunner.run(["info", "--json", out.path])
            #expect(info.stdout.contains("\"fixes\" : 120"))
            let truth = try String(contentsOf: dir.appendingPathComponent("run.truth.csv"), encoding: .utf8)
            #expect(truth.split(separator: "\n").count == 121)
        }
    }

    @Test func badSettingsAreRefusedWithAHint() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("x.gpx")
        let unknown = try CLIRunner.run(["simulate", "--set", "jump.count=3", "-o", out.path])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("did you mean 'jumps.count'"))
        let range = try CLIRunner.run(["simulate", "--set", "runner.speed=40", "-o", out.path])
        #expect(range.status != 0)
        #expect(range.stderr.contains("runner.speed must be at most 12 m/s, found 40"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let list = try CLIRunner.run(["simulate", "--list-parameters"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("multipath.rate-per-hour") && list.stdout.contains("error.time-constant"))
    }
}
