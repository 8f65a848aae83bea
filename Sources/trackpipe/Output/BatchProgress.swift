import Foundation
import TrackPipe
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress of a batch run on standard error: on a terminal one line redrawn at most five times a second (inputs
/// done of all, fixes per second, time left, failures so far); with `--progress ndjson` one JSON line per
/// finished input, for a program to read; otherwise nothing. Not locked: the batch calls it with its own lock held.
final class BatchProgress {
    enum Mode: String, Sendable {
        /// A redrawn line, when standard error is a terminal and the run is not `--quiet`.
        case text
        /// One JSON object per finished input.
        case ndjson
        case none
    }

    let mode: Mode
    let total: Int
    private let start = Date()
    private var lastDrawn = Date.distantPast
    private(set) var done = 0
    private(set) var failed = 0
    private(set) var fixes = 0

    init(mode: Mode, total: Int) {
        self.mode = mode
        self.total = total
    }

    /// Whether `--progress text` shows anything: only on a terminal.
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    var elapsed: Double { Date().timeIntervalSince(start) }

    /// Records a finished input: `fixes` read from it, whether it failed.
    func finished(file: String, failed didFail: Bool, fixes read: Int) {
        done += 1
        if didFail { failed += 1 }
        fixes += read
        switch mode {
        case .none: return
        case .ndjson:
            let line: JSONValue = .object(["file": .string(file), "status": .string(didFail ? "failed" : "ok"), "done": .number(Double(done)),
                                           "total": .number(Double(total)), "failed": .number(Double(failed)),
                                           "fixes_per_s": .number(rate.rounded()), "eta_s": .number(eta.rounded())])
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            Console.err(((try? String(decoding: encoder.encode(line), as: UTF8.self)) ?? "{}") + "\n")
        case .text:
            let now = Date()
            guard done == total || now.timeIntervalSince(lastDrawn) >= 0.2 else { return }
            lastDrawn = now
            let text = "run: \(done)/\(total) inputs · " + String(format: "%.2f M fixes/s", rate / 1e6)
                + " · ETA " + RunFormatter.duration(eta) + (failed > 0 ? " · \(failed) failed" : "")
            Console.status(text)
        }
    }

    /// Ends the redrawn line.
    func end() { if mode == .text, done > 0 { Console.err("\n") } }

    /// Fixes per second so far.
    var rate: Double { elapsed > 0 ? Double(fixes) / elapsed : 0 }

    /// Seconds left at the pace so far.
    var eta: Double { done > 0 ? elapsed / Double(done) * Double(total - done) : 0 }
}
