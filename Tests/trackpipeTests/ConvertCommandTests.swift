import Foundation
import Testing
import TestSupport

/// `trackpipe convert`: formats from extensions or --from/--to, `-` for stdin/stdout, never over the input,
/// never a half-written output. Outputs are checked with Foundation's JSON parser and plain text counting,
/// independent of TrackPipe's readers.
@Suite struct ConvertCommandTests {
    /// 1559 fixes in two segments of 1545 and 14 (`grep -c '<trkpt'`, and per `<trkseg>` with Python's ElementTree).
    let applewatch = TestData.root.appendingPathComponent("real/applewatch-run/myfile_multseg.gpx").path
    let tinyGPX = """
        <?xml version="1.0"?>
        <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Tiny</name><trkseg>
        <trkpt lat="51.5" lon="-0.1"><ele>10</ele><time>2024-05-18T10:00:00Z</time></trkpt>
        <trkpt lat="51.5001" lon="-0.1001"><ele>11</ele><time>2024-05-18T10:00:01Z</time></trkpt>
        </trkseg></trk></gpx>
        """

    func lines(_ url: URL) throws -> [Substring] {
        String(decoding: try Data(contentsOf: url), as: UTF8.self).split(separator: "\n")
    }

    func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func gpxToCSVAndGeoJSONByExtension() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let csv = dir.appendingPathComponent("run.csv"), geo = dir.appendingPathComponent("run.geojson")
        let r1 = try CLIRunner.run(["convert", applewatch, "-o", csv.path])
        #expect(r1.status == 0, "\(r1.stderr)")
        let rows = try lines(csv)
        #expect(rows.count == 1 + 1559 && rows[0].hasPrefix("time,lat,lon"))
        // First trkpt: lat 37.622025375096, lon -77.587098570964, time 2021-07-21T12:37:41.000Z.
        #expect(rows[1].hasPrefix("2021-07-21T12:37:41Z,37.622025375096,-77.587098570964,"))
        let r2 = try CLIRunner.run(["convert", applewatch, "-o", geo.path])
        #expect(r2.status == 0, "\(r2.stderr)")
        let feature = try #require((try json(geo)["features"] as? [[String: Any]])?.first)
        let geometry = try #require(feature["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "MultiLineString")
        #expect((geometry["coordinates"] as? [[Any]])?.map(\.count) == [1545, 14])
        #expect((feature["properties"] as? [String: Any])?["activity"] as? String == "running")
    }

    @Test func fromAndToOverrideTheExtensions() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let input = dir.appendingPathComponent("export.txt"), out = dir.appendingPathComponent("track.out")
        try Data("Latitude,Longitude,Time\n51.5,-0.1,2024-05-18T10:00:00Z\n51.6,-0.2,2024-05-18T10:00:05Z\n".utf8).write(to: input)
        let r = try CLIRunner.run(["convert", input.path, "--from", "csv", "-o", out.path, "--to", "gpx"])
        #expect(r.status == 0, "\(r.stderr)")
        let text = String(decoding: try Data(contentsOf: out), as: UTF8.self)
        #expect(text.components(separatedBy: "<trkpt ").count - 1 == 2)
        #expect(text.contains("<trkpt lat=\"51.6\" lon=\"-0.2\"><time>2024-05-18T10:00:05Z</time>"))
        // --from wins over an extension that says otherwise: the same CSV named .gpx.
        let misnamed = dir.appendingPathComponent("really-csv.gpx")
        try FileManager.default.copyItem(at: input, to: misnamed)
        #expect(try CLIRunner.run(["convert", misnamed.path, "-o", dir.appendingPathComponent("a.csv").path]).status != 0)
        #expect(try CLIRunner.run(["convert", misnamed.path, "--from", "csv", "-o", dir.appendingPathComponent("b.csv").path]).status == 0)
    }

    @Test func standardInputToStandardOutput() throws {
        let r = try CLIRunner.run(["convert", "-", "-o", "-", "--to", "csv"], stdin: tinyGPX)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "time,lat,lon,ele\n2024-05-18T10:00:00Z,51.5,-0.1,10\n2024-05-18T10:00:01Z,51.5001,-0.1001,11\n")
        let g = try CLIRunner.run(["convert", "-", "-o", "-", "--to", "geojson"], stdin: tinyGPX)
        let object = try JSONSerialization.jsonObject(with: Data(g.stdout.utf8)) as? [String: Any]
        #expect(object?["type"] as? String == "FeatureCollection")
    }

    @Test func stdoutNeedsAFormat() throws {
        let r = try CLIRunner.run(["convert", applewatch, "-o", "-"])
        #expect(r.status != 0 && r.stderr.contains("--to") && r.stdout.isEmpty)
    }

    @Test(arguments: [["--to", "nmea"], ["--to", "kml"], ["--from", "kml"]])
    func unusableFormatsAreRefused(_ option: [String]) throws {
        let dir = try CLIRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("out.gpx")
        let r = try CLIRunner.run(["convert", applewatch, "-o", out.path] + option)
        #expect(r.status != 0 && r.stderr.contains(option[1]), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func refusesToOverwriteTheInput() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let copy = dir.appendingPathComponent("run.gpx")
        try FileManager.default.copyItem(atPath: applewatch, toPath: copy.path)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("alias.gpx").path, withDestinationPath: copy.path)
        let before = try Data(contentsOf: copy)
        for target in [copy.path, dir.appendingPathComponent("alias.gpx").path, dir.path + "/./run.gpx"] {
            let r = try CLIRunner.run(["convert", copy.path, "-o", target])
            #expect(r.status == 1 && r.stderr.contains("refusing"), "\(target): \(r.stderr)")
        }
        #expect(try Data(contentsOf: copy) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["alias.gpx", "run.gpx"])
    }

    @Test func badInputIsAClearErrorAndWritesNothing() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let bad = dir.appendingPathComponent("broken.gpx"), out = dir.appendingPathComponent("out.csv")
        try Data("<?xml version=\"1.0\"?>\n<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\">\n".utf8).write(to: bad)
        let r = try CLIRunner.run(["convert", bad.path, "-o", out.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("broken.gpx:5:"), "\(r.stderr)")  // file:line: of the premature end
        #expect(!r.stderr.contains("Fatal error") && !FileManager.default.fileExists(atPath: out.path))
    }

    @Test func rejectedRecordsAreListedNotSilentlyDropped() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let input = dir.appendingPathComponent("in.csv"), out = dir.appendingPathComponent("out.csv")
        try Data("lat,lon\n1,2\n95,2\n3,4\n".utf8).write(to: input)
        let r = try CLIRunner.run(["convert", input.path, "-o", out.path])
        #expect(r.status == 0)
        #expect(r.stderr.contains("in.csv") && r.stderr.contains("line 3") && r.stderr.contains("latitude-out-of-range"))
        #expect(try lines(out).count == 3)
    }

    /// A file-size limit makes the output write fail part-way. With SIGXFSZ ignored the write fails cleanly:
    /// exit 1, no output, no temporary left. With the default action the process is killed mid-write — an
    /// interrupted run — and the target still never exists half-written. (When the test runner itself ignores
    /// SIGXFSZ, the shell cannot restore the default, and the second case is the clean failure again.)
    @Test(arguments: [true, false])
    func aFailedOrInterruptedWriteLeavesNoPartialFile(_ ignoreSignal: Bool) throws {
        let dir = try CLIRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("out.gpx")
        let previous = Data("previous output\n".utf8)
        try previous.write(to: out)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        // ulimit -f counts 512- or 1024-byte blocks: 64 is far below the ~800 KB GPX this writes.
        p.arguments = ["-c", (ignoreSignal ? "trap '' XFSZ; " : "") + "ulimit -f 64; exec \"$0\" convert \"$1\" -o \"$2\"",
                       CLIRunner.executable.path, applewatch, out.path]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus != 0)
        // The old output is untouched, never half-replaced.
        #expect(try Data(contentsOf: out) == previous)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        if ignoreSignal || p.terminationReason == .exit {
            #expect(p.terminationStatus == 1 && stderr.contains("out.gpx") && stderr.contains("writing failed"), "\(stderr)")
            #expect(names == ["out.gpx"])
        } else {
            // Killed: at worst a stray hidden temporary, never a partial out.gpx.
            #expect(names.filter { !$0.hasPrefix(".out.gpx.tmp-") } == ["out.gpx"])
        }
    }

    /// A file whose extension and content name no format: the library says so (naming no flag) and the CLI
    /// adds how to name it on this command line — `--from` for convert and info, which have it; only the
    /// extension for run, which has no `--from`.
    @Test func anUnrecognisableInputSaysHowToNameItsFormat() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let noise = dir.appendingPathComponent("noise.bin")
        try Data([0, 1, 2, 0x50, 0x4B, 3, 4]).write(to: noise)
        let message = "noise.bin: cannot tell the format from the content (binary or unrecognised); expected GPX, TCX, CSV, GeoJSON, NMEA, GnssLogger or NDJSON text, or a FIT file — name it with a known extension (.gpx, .tcx, .csv, .geojson, .nmea, .ndjson, .fit)"
        let convert = try CLIRunner.run(["convert", noise.path, "-o", dir.appendingPathComponent("out.gpx").path])
        #expect(convert.status != 0 && convert.stderr.contains(message + " or --from\n"), "\(convert.stderr)")
        let info = try CLIRunner.run(["info", noise.path])
        #expect(info.status != 0 && info.stderr.contains(message + " or --from\n"), "\(info.stderr)")
        let run = try CLIRunner.run(["run", noise.path])
        #expect(run.status != 0 && run.stderr.contains(message + "\n"), "\(run.stderr)")
        #expect(!run.stderr.contains("--from"))
    }

    /// `run -o` to a name whose extension names no format: the library's message plus the CLI's `--to` hint.
    @Test func runToAnUnknownExtensionSaysToUseTo() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("kept.xyz")
        let r = try CLIRunner.run(["run", "-q", applewatch, "-o", out.path])
        #expect(r.status != 0)
        #expect(r.stderr.contains("kept.xyz: cannot tell the output format from the extension and none was given (TrackPipe writes gpx, csv, geojson, ndjson or tcx) — name it .gpx, .csv, .geojson, .tcx or .ndjson, or give --to\n"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
