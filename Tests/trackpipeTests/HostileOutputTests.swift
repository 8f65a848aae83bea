import Foundation
import Testing
import TestSupport

/// The hostile-user cases for outputs, one test per class of defect: standard output that cannot be written,
/// standard input that cannot be read, outputs that are inputs or each other, devices and FIFOs, write-protected
/// files, outputs committed together or not at all, temporary files removed on a signal, control characters in
/// names, and one error prefix.
@Suite struct HostileOutputTests {
    let run = TestData.datasets.appendingPathComponent("open-park.gpx").path

    func names(_ dir: URL) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() }

    /// Every command that writes to standard output ends `trackpipe: error: …` with status 1 when the writes
    /// fail — not a trap (SIGILL) and not status 0.
    @Test(arguments: [
        "run \"$IN\" -o - -q", "convert \"$IN\" -o - --to csv", "info \"$IN\"", "info --json \"$IN\"", "stages", "stages --json",
        "badges \"$IN\"", "compare \"$DS/open-park.gpx\" --pipeline raw", "compare \"$DS/open-park.gpx\" --pipeline raw --format csv",
        "run \"$IN\" --report - -q", "validate \"$SPEC\"", "badges --default-catalog",
    ])
    func aFullStandardOutputIsAnError(command: String) throws {
        let script = "IN='\(run)' DS='\(TestData.datasets.path)' SPEC='\(TestData.pipelines.path)/default.json'; exec \"$TP\" \(command) > /dev/full"
        let r = try CLIRunner.shell(script)
        #expect(r.status == 1, "\(command): \(r.stderr)")
        #expect(r.stderr.hasPrefix("trackpipe: error: standard output: writing failed"), "\(command): \(r.stderr)")
    }

    @Test func streamStopsWithAnErrorWhenItsOutputFails() throws {
        let line = #"{"time":"2024-05-01T07:30:00Z","lat":51.5,"lon":-0.12,"hacc":5}"#
        let r = try CLIRunner.shell("echo '\(line)' | \"$TP\" stream > /dev/full")
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("trackpipe: error: standard output: writing failed"), "\(r.stderr)")
    }

    @Test(arguments: [("exec \"$TP\" info - <&-", "standard input: cannot be read"),
                      ("exec \"$TP\" run - < /tmp", "standard input: is a directory"),
                      ("exec \"$TP\" convert - -o - --to csv < /", "standard input: is a directory")])
    func unreadableStandardInputIsAnError(script: String, expected: String) throws {
        let r = try CLIRunner.shell(script)
        #expect(r.status == 1, "\(script): \(r.stderr)")
        #expect(r.stderr.hasPrefix("trackpipe: error: \(expected)"), "\(script): \(r.stderr)")
    }

    /// No output may be an input: not the track, the pipeline spec or the badge catalog.
    @Test func noOutputOverwritesTheSpecOrTheCatalog() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let spec = dir.appendingPathComponent("spec.json")
        try FileManager.default.copyItem(at: TestData.pipelines.appendingPathComponent("default.json"), to: spec)
        let catalog = dir.appendingPathComponent("catalog.json")
        try #"[{"name":"Start","information":"i","distance":0,"imageName":"s"}]"#.write(to: catalog, atomically: false, encoding: .utf8)
        let before = try [Data(contentsOf: spec), Data(contentsOf: catalog)]
        for args in [["--pipeline", spec.path, "--report", spec.path], ["--pipeline", spec.path, "--drops", spec.path],
                     ["--badges", catalog.path, "--report", catalog.path], ["-o", run]] {
            let r = try CLIRunner.run(["run", run] + args)
            #expect(r.status == 1, "\(args)")
            #expect(r.stderr.contains("refusing to write"), "\(args): \(r.stderr)")
        }
        #expect(try [Data(contentsOf: spec), Data(contentsOf: catalog)] == before)
    }

    /// Two outputs of one command that are one file are refused before anything runs.
    @Test func twoOutputsThatAreOneFileAreRefused() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let same = try CLIRunner.run(["run", run, "-o", dir.appendingPathComponent("out.json").path, "--report", dir.appendingPathComponent("out.json").path])
        #expect(same.status == 1 && same.stderr.contains("would be the same file"), "\(same.stderr)")
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: run, toPath: dir.appendingPathComponent("\(sub)/x.gpx").path)
        }
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let twoNames = try CLIRunner.run(["run", dir.appendingPathComponent("a/x.gpx").path, dir.appendingPathComponent("b/x.gpx").path, "-o", out.path])
        #expect(twoNames.status == 1 && twoNames.stderr.contains("would be the same file"), "\(twoNames.stderr)")
        #expect(try names(out).isEmpty)
        let twoStdout = try CLIRunner.run(["run", run, "-o", "-", "--report", "-"])
        #expect(twoStdout.status == 64)
    }

    /// All outputs or none: a report in a missing folder stops the run before the track is written.
    @Test func outputsAreCheckedBeforeAnythingIsWritten() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let r = try CLIRunner.run(["run", run, "-o", "clean.gpx", "--report", "missing/r.json"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("trackpipe: error: missing/r.json: the directory missing does not exist"), "\(r.stderr)")
        #expect(try names(dir).isEmpty)
        // A device that fails at the end (the drops on /dev/full) leaves the track and report unwritten.
        let full = try CLIRunner.run(["run", run, "-o", "clean.gpx", "--report", "r.json", "--drops", "/dev/full"], in: dir)
        #expect(full.status == 1 && full.stderr.contains("/dev/full: writing failed"), "\(full.stderr)")
        #expect(try names(dir).isEmpty)
    }

    /// Devices are written through: `/dev/null` stays a device, `--report -` goes to standard output.
    @Test func devicesAndStandardOutputAreWrittenThrough() throws {
        let r = try CLIRunner.run(["run", run, "-o", "/dev/null", "--to", "gpx", "--drops", "/dev/null", "--report", "-", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        let report = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(report?["pipeline"] != nil)
    }

    @Test func aWriteProtectedOutputNeedsForce() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("kept.csv")
        try "old".write(to: out, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: out.path)
        let refused = try CLIRunner.run(["convert", run, "-o", out.path])
        #expect(refused.status == 1 && refused.stderr.contains("is write-protected; give --force"), "\(refused.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "old")
        let forced = try CLIRunner.run(["convert", run, "-o", out.path, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8).hasPrefix("time,"))
    }

    /// SIGTERM while outputs wait to be committed removes their temporary files. The drops go to a FIFO nobody
    /// reads, so the command waits in the commit with the track's temporary file staged beside it.
    @Test func aSignalRemovesTemporaryFiles() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let fifo = dir.appendingPathComponent("drops.fifo")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let p = Process()
        p.executableURL = CLIRunner.executable
        p.arguments = ["run", run, "-o", dir.appendingPathComponent("clean.gpx").path, "--drops", fifo.path, "-q"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        var staged = false
        for _ in 0..<3000 {
            if try names(dir).contains(where: { $0.hasPrefix(".clean.gpx.tmp-") }) { staged = true; break }
            usleep(10_000)
        }
        #expect(staged)
        p.terminate()
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGTERM)
        #expect(try names(dir) == ["drops.fifo"])
    }

    /// A spec's name holding an escape sequence is shown escaped on the terminal, not obeyed.
    @Test func controlCharactersInNamesAreEscaped() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let spec = dir.appendingPathComponent("spec.json")
        try #"{"version": 1, "name": "\u001b[31mred\u0007", "stages": [{"stage": "distance"}]}"#.write(to: spec, atomically: false, encoding: .utf8)
        for args in [["validate", spec.path], ["run", run, "--pipeline", spec.path]] {
            let r = try CLIRunner.run(args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(!r.stdout.contains("\u{1b}") && !r.stdout.contains("\u{07}"), "\(args)")
            #expect(r.stdout.contains(#"\x1B[31mred\x07"#), "\(args): \(r.stdout)")
        }
    }

    @Test func oneErrorPrefixAndAVersion() throws {
        let usage = try CLIRunner.run(["run"])
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("trackpipe: error: "), "\(usage.stderr)")
        let version = try CLIRunner.run(["--version"])
        #expect(version.status == 0 && version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
    }
}
