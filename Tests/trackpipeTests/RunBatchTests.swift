import Foundation
import Testing
import TestSupport

/// `trackpipe run` over many inputs: each row of the summary is checked against a single-input `run --report`
/// of the same file (the one-run path, independent of the batch's), failures are rows and exit statuses, and
/// the outputs are planned before anything runs.
@Suite struct RunBatchTests {
    let datasets = TestData.datasets

    /// A folder `in/` with two datasets, one of them again in `in/sub/`, and a file that is not GPX.
    func folder() throws -> URL {
        let dir = try CLIRunner.temporaryDirectory()
        let input = dir.appendingPathComponent("in/sub", isDirectory: true)
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for name in ["open-park.gpx", "jumpy.gpx"] {
            try FileManager.default.copyItem(at: datasets.appendingPathComponent(name), to: dir.appendingPathComponent("in/" + name))
        }
        try FileManager.default.copyItem(at: datasets.appendingPathComponent("open-park.gpx"), to: input.appendingPathComponent("again.gpx"))
        try "not a track".write(to: input.appendingPathComponent("broken.gpx"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        return dir
    }

    func csv(_ url: URL) throws -> [[String: String]] {
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = try #require(lines.first).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst().map { line in
            // The only quoted field in these rows is the broken file's error, which holds no quote.
            var fields: [String] = [], current = "", quoted = false
            for c in line {
                if c == "\"" { quoted.toggle() } else if c == "," && !quoted { fields.append(current); current = "" } else { current.append(c) }
            }
            fields.append(current)
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
    }

    @Test func aFolderRunsEveryTrackReportsTheBadOneAndGoesOn() throws {
        let dir = try folder()
        let r = try CLIRunner.run(["run", "in", "-o", "out", "--summary", "runs.csv"], in: dir)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("4 inputs: 3 ok, 1 failed"))
        #expect(r.stderr.contains("trackpipe: error: ") && r.stderr.contains("broken.gpx:1:1"))
        let rows = try csv(dir.appendingPathComponent("runs.csv"))
        #expect(rows.map { URL(fileURLWithPath: $0["file"]!).lastPathComponent } == ["jumpy.gpx", "open-park.gpx", "again.gpx", "broken.gpx"])
        #expect(rows[3]["status"] == "failed" && rows[3]["error"]?.contains("malformed XML") == true && rows[3]["kept"] == "")
        // Each good row equals what a single run of the same file reports.
        for row in rows.prefix(3) {
            let report = dir.appendingPathComponent("single.json")
            let single = try CLIRunner.run(["run", row["file"]!, "--report", report.path, "-q", "--force"], in: dir)
            #expect(single.status == 0)
            let run = try #require(((try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])?["runs"] as? [[String: Any]])?.first)
            #expect(row["status"] == "ok" && row["kept"] == "\(run["kept"] as! Int)" && row["dropped"] == "\(run["dropped_count"] as! Int)")
            let summary = try #require(run["summary"] as? [[String: Any]])
            let distance = try #require(summary.first { $0["key"] as? String == "distance" }?["value"] as? Double)
            #expect(abs(Double(row["distance_m"]!)! - distance) < 1e-6)
            #expect(Int(row["kept"]!)! + Int(row["dropped"]!)! == Int(row["records_read"]!)!)
            let drops = row["drops_by_stage"]!.split(separator: ";").map { Int($0.split(separator: "=")[1])! }.reduce(0, +)
            #expect(drops == Int(row["dropped"]!)!)
        }
        // Outputs keep their place under the folder.
        for path in ["out/jumpy.gpx", "out/open-park.gpx", "out/sub/again.gpx"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(path).path), "\(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/sub/broken.gpx").path))
    }

    @Test func oneWorkerOrTwoGiveTheSameSummary() throws {
        let dir = try folder()
        let one = try CLIRunner.run(["run", "in", "--summary", "one.ndjson", "--jobs", "1", "-q"], in: dir)
        let two = try CLIRunner.run(["run", "in", "--summary", "two.ndjson", "--jobs", "2", "-q"], in: dir)
        #expect(one.status == 2 && two.status == 2)
        let a = try String(contentsOf: dir.appendingPathComponent("one.ndjson"), encoding: .utf8)
        #expect(a == (try String(contentsOf: dir.appendingPathComponent("two.ndjson"), encoding: .utf8)))
        #expect(a.split(separator: "\n").count == 4)
    }

    /// What Spark's `RDD.pipe` does: paths on standard input, one JSON row per finished input on standard output.
    @Test func pathsOnStandardInputRowsOnStandardOutput() throws {
        let dir = try folder()
        let list = "# datasets\n\nin/jumpy.gpx\nin/open-park.gpx\nin/missing.gpx\n"
        let r = try CLIRunner.run(["run", "--files-from", "-", "--summary", "-", "--progress", "ndjson"], stdin: list, in: dir)
        #expect(r.status == 2, "\(r.stderr)")
        let rows = try r.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(rows.count == 3)
        #expect(Set(rows.compactMap { $0["file"] as? String }) == ["in/jumpy.gpx", "in/open-park.gpx", "in/missing.gpx"])
        for row in rows {
            #expect(row.count == 23, "every column in every row: \(row.keys.sorted())")
        }
        // The default names where each run was: the simulated runs start in a Bristol park (51.454° N, 2.587° W).
        let park = try #require(rows.first { $0["file"] as? String == "in/open-park.gpx" })
        #expect(park["start_place"] as? String == "Bristol, United Kingdom")
        #expect(park["farthest_place"] as? String == "Bristol, United Kingdom")
        #expect(rows.first { $0["file"] as? String == "in/missing.gpx" }?["start_place"] is NSNull)
        #expect(rows.first { $0["file"] as? String == "in/missing.gpx" }?["status"] as? String == "failed")
        // Progress: one line per finished input on standard error; the batch's line there too.
        #expect(r.stderr.split(separator: "\n").filter { $0.hasPrefix("{\"done\":") }.count == 3)
        #expect(r.stderr.contains("3 inputs: 2 ok, 1 failed"))
    }

    /// A list from process substitution is a pipe (`/dev/fd/63`): read like any input, not refused.
    @Test func aListMayBeAPipe() throws {
        let dir = try folder()
        let r = try CLIRunner.shell("$TP run --files-from <(printf 'in/jumpy.gpx\\nin/open-park.gpx\\n') --summary s.ndjson -q", in: dir, shell: "/bin/bash")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("s.ndjson"), encoding: .utf8).split(separator: "\n").count == 2)
        var binary = [UInt8]("in/jumpy.gpx\n".utf8)
        binary += [0x00, 0xFF, 0x1B, 0x41, 0x0A]
        try Data(binary).write(to: dir.appendingPathComponent("binary.list"))
        let garbage = try CLIRunner.run(["run", "--files-from", "binary.list"], in: dir)
        #expect(garbage.status == 1 && garbage.stderr.contains("binary.list:2: not a list of paths"), "\(garbage.stderr)")
        let missing = try CLIRunner.run(["run", "--files-from", "no-such-list"], in: dir)
        #expect(missing.status == 1 && missing.stderr.contains("no-such-list: no such file"), "\(missing.stderr)")
    }

    @Test func exitStatusSaysWhetherAllSomeOrNoneFailed() throws {
        let dir = try folder()
        #expect(try CLIRunner.run(["run", "in/jumpy.gpx", "--keep-going", "-q"], in: dir).status == 0)
        #expect(try CLIRunner.run(["run", "in/sub/broken.gpx", "in/nothing.gpx", "--keep-going", "-q"], in: dir).status == 1)
        // Without --keep-going a batch stops at the first failure: one worker, the broken file first.
        let stopped = try CLIRunner.run(["run", "in/sub/broken.gpx", "in/jumpy.gpx", "--no-keep-going", "--jobs", "1", "--summary", "s.csv"], in: dir)
        #expect(stopped.status == 1 && stopped.stdout.contains("1 not started"), "\(stopped.stdout)")
        #expect(try csv(dir.appendingPathComponent("s.csv")).count == 1)
    }

    @Test func outputsArePlannedBeforeAnythingRuns() throws {
        let dir = try folder()
        // Two inputs named alike, given as files, would land on one output: refused, nothing written.
        let clash = try CLIRunner.run(["run", "in/open-park.gpx", "in/sub/../open-park.gpx", "--keep-going", "-o", "out"], in: dir)
        #expect(clash.status == 1 && clash.stderr.contains("would both be written to"), "\(clash.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).isEmpty)
        // The summary may not be an input.
        let over = try CLIRunner.run(["run", "in", "--summary", "in/jumpy.gpx"], in: dir)
        #expect(over.status == 1 && over.stderr.contains("refusing to write the summary over the input"), "\(over.stderr)")
        // One run's reports do not fit a batch.
        let report = try CLIRunner.run(["run", "in", "--report", "r.json"], in: dir)
        #expect(report.status == 64 && report.stderr.contains("in a batch run use --summary"))
    }

    /// `--resume` keeps the rows of inputs that ran before with the same content and pipeline and whose output is
    /// still there; an input that changed, lost its output or failed runs again.
    @Test func resumeSkipsWhatAlreadyRan() throws {
        for summary in ["runs.csv", "runs.ndjson"] {
            let dir = try folder()
            let first = try CLIRunner.run(["run", "in", "-o", "out", "--summary", summary], in: dir)
            #expect(first.status == 2)
            let before = try String(contentsOf: dir.appendingPathComponent(summary), encoding: .utf8)
            let again = try CLIRunner.run(["run", "in", "-o", "out", "--summary", summary, "--resume"], in: dir)
            #expect(again.status == 2 && again.stdout.contains("4 inputs: 3 ok, 1 failed") && again.stdout.contains("(3 kept from the earlier summary)"),
                    "\(again.stdout)")
            #expect(try String(contentsOf: dir.appendingPathComponent(summary), encoding: .utf8) == before)
            // Another content for one input, and one output gone: those two run again.
            try FileManager.default.removeItem(at: dir.appendingPathComponent("in/jumpy.gpx"))
            try FileManager.default.copyItem(at: datasets.appendingPathComponent("urban-canyon.gpx"), to: dir.appendingPathComponent("in/jumpy.gpx"))
            try FileManager.default.removeItem(at: dir.appendingPathComponent("out/sub/again.gpx"))
            let third = try CLIRunner.run(["run", "in", "-o", "out", "--summary", summary, "--resume"], in: dir)
            #expect(third.stdout.contains("(1 kept from the earlier summary)"), "\(third.stdout)")
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/sub/again.gpx").path))
        }
        // A store given only on resuming gets every input that ran ok; resuming again keeps them. One worker, in
        // input order: in/sub/again.gpx is a copy of in/open-park.gpx, and a run is named by its content, so once
        // open-park is stored the copy's run is in the store and its row is kept.
        let stored = try folder()
        #expect(try CLIRunner.run(["run", "in", "--summary", "runs.csv"], in: stored).status == 2)
        let withStore = try CLIRunner.run(["run", "in", "--summary", "runs.csv", "--resume", "--store", "runs.sqlite", "--jobs", "1"], in: stored)
        #expect(withStore.status == 2 && withStore.stdout.contains("(1 kept from the earlier summary)"), "\(withStore.stdout)")
        let history = try CLIRunner.run(["history", "--store", "runs.sqlite", "--json"], in: stored)
        let runs = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [String: Any])["runs"] as? [Any]
        #expect(runs?.count == 2)
        let resumedAgain = try CLIRunner.run(["run", "in", "--summary", "runs.csv", "--resume", "--store", "runs.sqlite"], in: stored)
        #expect(resumedAgain.stdout.contains("(3 kept from the earlier summary)"), "\(resumedAgain.stdout)")
        let dir = try folder()
        let refused = try CLIRunner.run(["run", "in", "--resume"], in: dir)
        #expect(refused.status == 64 && refused.stderr.contains("--resume needs --summary FILE"))
    }

    /// `convert` of folders and lists: every track converted into a mirror of the input paths, each output the
    /// same bytes as converting that file alone; a bad file is reported and the rest go on (status 2).
    @Test func convertTakesFoldersAndLists() throws {
        let dir = try folder()
        let batch = try CLIRunner.run(["convert", "in", "-o", "csv", "--to", "csv"], in: dir)
        #expect(batch.status == 2 && batch.stdout.contains("4 inputs: 3 converted, 1 failed"), "\(batch.stdout)\(batch.stderr)")
        #expect(batch.stderr.contains("in/sub/broken.gpx"))
        for stem in ["open-park", "jumpy", "sub/again"] {
            let single = try CLIRunner.run(["convert", "in/\(stem).gpx", "-o", "single-\(stem.replacingOccurrences(of: "/", with: "-")).csv"], in: dir)
            #expect(single.status == 0)
            let a = try Data(contentsOf: dir.appendingPathComponent("csv/\(stem).csv"))
            let b = try Data(contentsOf: dir.appendingPathComponent("single-\(stem.replacingOccurrences(of: "/", with: "-")).csv"))
            #expect(a == b && !a.isEmpty, "\(stem)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("csv/sub/broken.csv").path))
        try "in/jumpy.gpx\n# a comment\n\nin/sub/again.gpx\n".write(to: dir.appendingPathComponent("list.txt"), atomically: true, encoding: .utf8)
        let listed = try CLIRunner.run(["convert", "--files-from", "list.txt", "-o", "listed", "--to", "geojson"], in: dir)
        #expect(listed.status == 0 && listed.stdout.contains("2 inputs: 2 converted, 0 failed"), "\(listed.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("listed/again.geojson").path))
        // A batch needs --to and a folder; two inputs landing on one output are refused before anything is written.
        let noFormat = try CLIRunner.run(["convert", "in", "-o", "x"], in: dir)
        #expect(noFormat.status == 64 && noFormat.stderr.contains("a batch needs --to"))
        let toStdout = try CLIRunner.run(["convert", "in", "-o", "-", "--to", "csv"], in: dir)
        #expect(toStdout.status == 64 && toStdout.stderr.contains("-o names the folder"))
        let clash = try CLIRunner.run(["convert", "in/open-park.gpx", "in/sub/../open-park.gpx", "-o", "clash", "--to", "csv"], in: dir)
        #expect(clash.status == 1 && clash.stderr.contains("would both be written to"))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("clash").path))?.isEmpty ?? true)
    }

    /// `info`, `badges` and `compare` take folders (recursively) and `--files-from` lists too.
    @Test func otherCommandsTakeFoldersAndLists() throws {
        let dir = try folder()
        try "in/jumpy.gpx\nin/sub/again.gpx\n".write(to: dir.appendingPathComponent("list.txt"), atomically: true, encoding: .utf8)
        let info = try CLIRunner.run(["info", "in", "--json"], in: dir)
        #expect(info.status == 1 && info.stderr.contains("broken.gpx"))
        func parse(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }
        let infoFiles = try parse(info.stdout) as? [Any]
        #expect(infoFiles?.count == 3)
        let listed = try CLIRunner.run(["info", "--files-from", "list.txt", "--json"], in: dir)
        let listedFiles = try parse(listed.stdout) as? [Any]
        #expect(listed.status == 0 && listedFiles?.count == 2)
        let badges = try CLIRunner.run(["badges", "--files-from", "list.txt", "--json"], in: dir)
        let badgeRuns = (try parse(badges.stdout) as? [String: Any])?["runs"] as? [Any]
        #expect(badges.status == 0 && badgeRuns?.count == 2)
        let compare = try CLIRunner.run(["compare", "--files-from", "list.txt", "--format", "json"], in: dir)
        #expect(compare.status == 0, "\(compare.stderr)")
        let results = (try parse(compare.stdout) as? [String: Any])?["results"] as? [Any]
        #expect(results?.count == 8)
    }
}
