import Foundation
import Testing
import TestSupport

/// `trackpipe merge`: two recordings into one file, what each contributed on standard error, bad use refused.
@Suite struct MergeCommandTests {
    @Test func mergesTwoFilesAndSaysWhatWasKept() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let a = dir.appendingPathComponent("a.csv"), b = dir.appendingPathComponent("b.csv"), out = dir.appendingPathComponent("m.csv")
        // a: 0–4 s and 20–24 s; b: 0–24 s every second. b fills 10–14 s only (5 s from a's fixes at 4 and 20 s).
        let aRows = (Array(0...4) + Array(20...24)).map { "\(1_700_000_000 + $0),51.5,\(-0.1 + Double($0) * 1e-4)" }
        let bRows = (0...24).map { "\(1_700_000_000 + $0),51.5001,\(-0.1 + Double($0) * 1e-4)" }
        try ("time,lat,lon\n" + aRows.joined(separator: "\n") + "\n").write(to: a, atomically: true, encoding: .utf8)
        try ("time,lat,lon\n" + bRows.joined(separator: "\n") + "\n").write(to: b, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["merge", a.path, b.path, "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        // Rows written: a header and 10 + 5 fixes (counted as text, not with TrackPipe's reader).
        let rows = String(decoding: try Data(contentsOf: out), as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.count == 1 + 15)
        #expect(r.stderr.contains("a.csv: 10 fixes, 10 kept") && r.stderr.contains("b.csv: 25 fixes, 5 kept, 20 left out"))
        let one = try CLIRunner.run(["merge", a.path, "-o", out.path, "--force"])
        #expect(one.status != 0 && one.stderr.contains("at least two recordings"))
        let overwrite = try CLIRunner.run(["merge", a.path, b.path, "-o", a.path, "--force"])
        #expect(overwrite.status != 0)  // never over an input
    }
}
