import Foundation
import Testing

@Suite struct StreamCommandTests {
    /// A spec file with only the accuracy gate: a stage with no hold-back, so every fix is answered at once.
    static func gateOnlySpec() throws -> String {
        let spec = try CLIRunner.temporaryDirectory().appendingPathComponent("gate.json")
        try Data(#"{"version": 1, "name": "gate", "stages": [{"stage": "accuracy-gate"}]}"#.utf8).write(to: spec)
        return spec.path
    }

    /// Each decision is written and flushed as soon as the fix arrives, while stdin is still open:
    /// we send one fix, read its line back, and only then send the next.
    @Test func answersEachFixBeforeInputEnds() throws {
        let p = Process()
        p.executableURL = CLIRunner.executable
        p.arguments = ["stream", "--pipeline", try Self.gateOnlySpec()]
        let inPipe = Pipe(), outPipe = Pipe()
        p.standardInput = inPipe
        p.standardOutput = outPipe
        p.standardError = FileHandle.nullDevice
        try p.run()
        defer { if p.isRunning { p.terminate() } }
        let reader = LineReader(outPipe.fileHandleForReading)
        for i in 0..<3 {
            let line = #"{"time": \#(1_700_000_000 + i), "lat": 51.5, "lon": \#(-0.12 + Double(i) * 0.0001), "hacc": 4}"# + "\n"
            inPipe.fileHandleForWriting.write(Data(line.utf8))
            let answer = try #require(reader.nextLine(), "no answer for fix \(i) while input is still open")
            #expect(answer.contains(#""type":"fix""#))
            #expect(answer.contains(#""index":\#(i)"#))
        }
        try inPipe.fileHandleForWriting.close()
        let last = try #require(reader.nextLine())
        #expect(last.contains(#""type":"summary""#))
        #expect(last.contains(#""read":3"#))
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
    }

    /// Each fix line carries the live figures: 40 fixes at 2 m/s then 40 at 4 m/s along the equator, 1 Hz
    /// (positions from 111 319.49 m per degree of longitude, so every formula agrees within 0.2 %). By hand: the
    /// last slow fix has run 78 m in 39 s at pace 0.5 s/m; the last fix 238 m in 79 s, and over the last 30 s
    /// (all fast) pace 0.25 s/m.
    @Test func fixLinesCarryDistanceMovingTimeAndPace() throws {
        let spec = try CLIRunner.temporaryDirectory().appendingPathComponent("distance.json")
        try Data(#"{"version": 1, "name": "d", "stages": [{"stage": "distance"}]}"#.utf8).write(to: spec)
        var east = 0.0
        var input = ""
        for i in 0..<80 {
            if i > 0 { east += i < 40 ? 2 : 4 }
            input += #"{"time": \#(1_700_000_000 + i), "lat": 0, "lon": \#(east / 111_319.49), "hacc": 3}"# + "\n"
        }
        let r = try CLIRunner.run(["stream", "--pipeline", spec.path, "--pace-window", "30"], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        let fixes = r.stdout.split(separator: "\n").compactMap { line -> [String: Any]? in
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], o["type"] as? String == "fix" else { return nil }
            return o
        }
        try #require(fixes.count == 80)
        func figure(_ i: Int, _ key: String) -> Double { (fixes[i][key] as? Double) ?? .nan }
        #expect(abs(figure(39, "distance") - 78) < 0.2 && figure(39, "moving_time") == 39)
        #expect(abs(figure(39, "pace") - 0.5) < 1e-3)
        #expect(abs(figure(79, "distance") - 238) < 0.5 && figure(79, "moving_time") == 79)
        #expect(abs(figure(79, "pace") - 0.25) < 1e-3)
        #expect(fixes[0]["pace"] == nil)  // no distance covered yet
        // Without a distance stage there are no figures.
        let gate = try CLIRunner.run(["stream", "--pipeline", try Self.gateOnlySpec()], stdin: input)
        #expect(!gate.stdout.contains("moving_time"))
    }

    /// A receiver's corrupt speed (1e300 m/s, or 20 m/s from a runner) is not measured by: the live distance by
    /// speeds measures those steps by their positions. 60 fixes along the equator, 3 m apart at 1 Hz, each reporting
    /// 3 m/s but fix 20 (1e300) and fix 40 (20 m/s): by hand, 55 steps of 3 m/s × 1 s and 4 steps of 3 m of
    /// longitude = 177 m (it read 2.1e301 m). Declared a bike ride (jump limit 30 m/s), the 20 m/s is a speed
    /// again: steps 40 and 41 measure (3 + 20)/2 = 11.5 m each, 57 × 3 + 2 × 11.5 = 194 m.
    @Test func corruptSpeedsAreNotCountedLive() throws {
        let spec = try CLIRunner.temporaryDirectory().appendingPathComponent("by-speed.json")
        try Data(#"{"version": 1, "name": "s", "stages": [{"stage": "distance", "method": "speed"}]}"#.utf8).write(to: spec)
        var input = ""
        for i in 0..<60 {
            let speed = i == 20 ? "1e300" : i == 40 ? "20" : "3"
            input += #"{"time": \#(1_700_000_000 + i), "lat": 0, "lon": \#(Double(i) * 3 / 111_319.49), "hacc": 3, "speed": \#(speed)}"# + "\n"
        }
        func distance(_ extra: [String]) throws -> Double {
            let r = try CLIRunner.run(["stream", "--pipeline", spec.path] + extra, stdin: input)
            #expect(r.status == 0, "\(r.stderr)")
            let last = try #require(r.stdout.split(separator: "\n").last)
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
            let items = try #require(summary["summary"] as? [[String: Any]])
            return try #require(items.first { $0["key"] as? String == "distance" }?["value"] as? Double)
        }
        #expect(abs(try distance([]) - 177) < 0.05)
        #expect(abs(try distance(["--activity", "cycling"]) - 194) < 0.05)
    }

    @Test func badLinesAreReportedNotFatal() throws {
        let input = "{\"lat\": 1, \"lon\": 2}\n[1,2]\n{\"lat\": \"x\", \"lon\": 2}\n{\"lat\": 0, \"lon\": 0, \"time\": \"yesterday\"}\n"
        let r = try CLIRunner.run(["stream", "--pipeline", try Self.gateOnlySpec()], stdin: input)
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[1].contains(#""rule":"bad-record""#) && lines[1].contains(#""line":2"#))
        #expect(lines[2].contains(#""stage":"read""#))
        #expect(lines[3].contains(#""rule":"unparseable-time""#))
        #expect(lines[4].contains(#""dropped":3"#) && lines[4].contains(#""kept":1"#) && lines[4].contains(#""read":4"#))
    }

    /// A replayed recording arrives hundreds of lines per read, which `stream` decodes, decides and writes on three
    /// threads, a batch at a time (`StreamSteps`): every line still gets its answer in input order — each fix its
    /// index among the lines read and its own longitude, each bad line a drop naming its line, non-fix and blank
    /// lines nothing.
    @Test func longInputAnswersEveryLineInOrder() throws {
        var input = "", expected: [(kind: String, value: Double)] = [], lineNumber = 0
        for i in 0..<3000 {
            lineNumber += 1
            if i % 13 == 5 { input += "\n"; continue }
            if i % 11 == 3 { input += #"{"type": "event", "stage": "x"}"# + "\n"; continue }
            if i % 7 == 2 {
                input += "garbage \(i)\n"
                expected.append(("drop", Double(lineNumber)))
                continue
            }
            let lon = Double(i % 1000) / 8  // exact in binary and in short decimal: read back to the bit
            input += #"{"time": \#(1_700_000_000 + i), "lat": 51.5, "lon": \#(lon), "hacc": 4}"# + "\n"
            expected.append(("fix", lon))
        }
        let r = try CLIRunner.run(["stream", "--pipeline", try Self.gateOnlySpec()], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.count == expected.count + 1)
        var mismatches = 0
        for (k, (line, want)) in zip(lines, expected).enumerated() {
            guard let line, line["type"] as? String == want.kind,
                  ((line["index"] ?? line["source_index"]) as? NSNumber)?.intValue == k,
                  ((want.kind == "fix" ? line["lon"] : line["line"]) as? NSNumber)?.doubleValue == want.value else {
                if mismatches == 0 { Issue.record("answer \(k): \(String(describing: line)), expected \(want)") }
                mismatches += 1
                continue
            }
        }
        #expect(mismatches == 0)
        #expect((lines.last??["read"] as? NSNumber)?.intValue == expected.count)
    }

    /// The default pipeline's causal stages hold fixes back (one for duplicate times, the auto-pause window),
    /// but by the end every fix read has its line: here 12 drops by the gate and 108 fixes, nothing else
    /// (times strictly increase, and the fastest step, 2 s over a gated fix, is 5.5 m/s, under 12.5 m/s).
    @Test func defaultPipelineWritesEveryDecisionByTheEnd() throws {
        var input = ""
        for i in 0..<120 {
            let lon = -0.12 + Double(i) * 0.00004
            input += #"{"time": \#(1_700_000_000 + i), "lat": 51.5, "lon": \#(lon), "hacc": \#(i % 10 == 0 ? 60 : 5)}"# + "\n"
        }
        let r = try CLIRunner.run(["stream"], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        let fixes = lines.filter { $0.contains(#""type":"fix""#) }.count
        let drops = lines.filter { $0.contains(#""type":"drop""#) }.count
        // Every tenth fix claims 60 m accuracy: the 20 m gate drops those 12, and only those.
        #expect(drops == 12 && fixes == 108)
        let gated = lines.filter { $0.contains(#""rule":"max-horizontal-accuracy""#) }
        #expect(gated.map { $0.contains(#""stage":"accuracy-gate""#) } == Array(repeating: true, count: 12))
        #expect(gated.compactMap { $0.firstMatch(of: #/"source_index":(\d+)/#).flatMap { Int($0.output.1) } } == Array(stride(from: 0, to: 120, by: 10)))
        let summary = try #require(lines.last)
        #expect(summary.contains(#""read":120"#) && summary.contains(#""kept":108"#) && summary.contains(#""dropped":12"#))
    }

    /// Input that cannot be read is an error naming it, not an empty run (`readLine` took it for the end).
    @Test func unreadableInputIsAnError() throws {
        let p = Process()
        p.executableURL = CLIRunner.executable
        p.arguments = ["stream"]
        p.standardInput = FileHandle(forReadingAtPath: "/")
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        _ = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(stderr.contains("standard input: reading failed after line 0: Is a directory"), "\(stderr)")
    }

    @Test func refusesAWholeTrackPipelineNamingTheStage() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let spec = dir.appendingPathComponent("smooth.json")
        try Data(#"{"version": 1, "stages": [{"stage": "kalman-smoother"}]}"#.utf8).write(to: spec)
        let r = try CLIRunner.run(["stream", "--pipeline", spec.path])
        #expect(r.status != 0)
        #expect(r.stderr.contains("'kalman-smoother' needs the whole track"))
    }
}

/// Reads lines from a pipe with a generous deadline, so a missing flush fails the test instead of hanging it.
final class LineReader: @unchecked Sendable {
    private let handle: FileHandle
    private var buffer = Data()

    init(_ handle: FileHandle) { self.handle = handle }

    func nextLine(deadline seconds: Double = 60) -> String? {
        while true {
            if let nl = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<nl]
                buffer.removeSubrange(buffer.startIndex...nl)
                return String(decoding: line, as: UTF8.self)
            }
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var chunk = Data()
            let h = handle
            DispatchQueue.global().async {
                chunk = h.availableData
                done.signal()
            }
            guard done.wait(timeout: .now() + seconds) == .success, !chunk.isEmpty else { return nil }
            buffer.append(chunk)
        }
    }
}
