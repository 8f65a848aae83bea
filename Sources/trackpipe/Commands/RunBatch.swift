import Foundation
import TrackPipe
import TrackPipeIO
import TrackPipeStore

/// `trackpipe run` over many inputs (a folder, `--files-from`, `--keep-going`, `--summary`): each input is read,
/// run and written on its own, by `jobs` workers at once, so memory follows the workers, not the number of
/// inputs; a bad input is reported and the batch goes on (unless `keepGoing` is false). Every output is planned
/// before the first input is read — none over an input, none twice — and each is written atomically as its
/// input finishes. The summary (one row per input, in input order) is written at the end; to standard output as
/// NDJSON its rows stream as the inputs finish, in the order they finish, for `RDD.pipe` and Hadoop streaming.
struct RunBatch {
    enum SummaryFormat: String, Sendable { case csv, ndjson }

    var pipeline: Pipeline
    var inputs: [BatchInputs.Input]
    var outputDirectory: String?
    var format: TrackFormat?
    var activity: String?
    var jobs: Int
    var keepGoing: Bool
    var summary: (path: String, format: SummaryFormat)?
    var progress: BatchProgress.Mode
    var force: Bool
    /// Where each finished run is also stored, one transaction per run.
    var store: RunStore?

    struct Outcome {
        var ok: Int
        var failed: [(file: String, error: String)]
        var fixes: Int
        var seconds: Double
        /// Inputs not started because an earlier one failed without `--keep-going`.
        var skipped: Int
    }

    /// Shared by the workers; every field is touched with `lock` held.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var next = 0
        var stop = false
        /// Each finished input's summary line (CSV or NDJSON, as the summary is written), not its row: a few
        /// hundred bytes each, so ten thousand inputs hold a few MB.
        var lines: [String?]
        var failures: [(index: Int, file: String, error: String)] = []
        let progress: BatchProgress
        var writeError: (any Error)?
        init(count: Int, progress: BatchProgress) {
            lines = Array(repeating: nil, count: count)
            self.progress = progress
        }
    }

    func run() throws -> Outcome {
        let hash = SpecDigest.sha256Hex(pipeline.provenance.canonicalSpec)
        // Plan every output before reading anything.
        let paths = inputs.map(\.path)
        // One plan for every output (kept tracks and the summary) checks them against the inputs and each other;
        // the tracks are then written one by one, the summary through an output set of its own at the end.
        let planner = OutputSet(inputs: paths, force: force)
        var outputs: [String?] = Array(repeating: nil, count: inputs.count)
        if let outputDirectory {
            var seen: [String: String] = [:]
            for (i, input) in inputs.enumerated() {
                let f = format ?? RunOutputs.defaultFormat(for: input.path)
                let path = URL(fileURLWithPath: outputDirectory).appendingPathComponent(input.relativeStem + "." + f.fileExtension).path
                if let other = seen[path] {
                    throw CLIError("\(other) and \(input.path) would both be written to \(path); give them different names or separate runs")
                }
                seen[path] = input.path
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
                do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                    throw CLIError("\(folder): the output folder cannot be made (\(error.localizedDescription))")
                }
                do { try planner.plan(path, role: "the kept track of \(input.path)") } catch let e as TrackWriteError {
                    throw CLIError(e.description)
                }
                outputs[i] = path
            }
        }
        let summaryOutput = OutputSet(inputs: paths, force: force)
        let summaryPlan: OutputSet.Output?
        do {
            if let summary { try planner.plan(summary.path, role: "the summary") }
            summaryPlan = try summary.map { try summaryOutput.plan($0.path, role: "the summary") }
        } catch let e as TrackWriteError {
            throw CLIError(e.description)
        }
        let planned = outputs
        let summaryFormat = summary?.format ?? .ndjson
        let streaming = summary?.path == "-" && summary?.format == .ndjson
        let state = State(count: inputs.count, progress: BatchProgress(mode: progress, total: inputs.count))
        let workers = max(1, min(jobs, inputs.count))
        let start = Date()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                state.lock.lock()
                guard !state.stop, state.next < inputs.count else { state.lock.unlock(); return }
                let i = state.next
                state.next += 1
                state.lock.unlock()
                let (row, fixes) = process(inputs[i], output: planned[i], hash: hash)
                state.lock.lock()
                state.lines[i] = summaryFormat == .csv ? row.csvLine : row.jsonLine
                if let error = row.error {
                    state.failures.append((i, row.file, error))
                    if !keepGoing { state.stop = true }
                }
                state.progress.finished(file: row.file, failed: row.error != nil, fixes: fixes)
                if streaming, state.writeError == nil, let line = state.lines[i] {
                    do { try StandardOutput.write(line + "\n") } catch { state.writeError = error; state.stop = true }
                }
                state.lock.unlock()
            }
        }
        state.progress.end()
        if let error = state.writeError { throw error }
        let lines = state.lines.compactMap { $0 }
        if let summary, let summaryPlan, !streaming {
            let text = (summary.format == .csv ? RunSummaryRow.csvHeader + "\n" : "") + lines.map { $0 + "\n" }.joined()
            try summaryOutput.stage(Array(text.utf8), for: summaryPlan)
            try summaryOutput.commit()
        }
        let failures = state.failures.sorted { $0.index < $1.index }.map { ($0.file, $0.error) }
        return Outcome(ok: lines.count - failures.count, failed: failures, fixes: state.progress.fixes,
                       seconds: Date().timeIntervalSince(start), skipped: inputs.count - lines.count)
    }

    /// Reads, runs and writes one input; a failure becomes its row. Returns the row and the records read.
    private func process(_ input: BatchInputs.Input, output: String?, hash: String) -> (RunSummaryRow, Int) {
        var read = 0
        do {
            var recorded: Track
            var sha256 = ""
            if store != nil { (recorded, sha256) = try StoredRunContent.read(input.path) } else { recorded = try TrackInput.read(input.path, format: nil) }
            read = recorded.recordCount
            if let activity, recorded.activity == nil { recorded.activity = Activity(loose: activity) }
            let result = try pipeline.run(recorded)
            if let output {
                let chosen = format ?? RunOutputs.defaultFormat(for: input.path)
                let bytes = try TrackWriter.encode(result.track, format: chosen, target: output, provenance: result.provenance,
                                                   cumulativeDistance: result.annotations[CumulativeDistanceKey.self])
                try AtomicFileWriter.write(bytes, to: output, protecting: [input.path], force: force)
            }
            try store?.record(StoredRunContent.make(path: input.path, sha256: sha256, recorded: recorded, result: result))
            return (RunSummaryRow(file: input.path, output: output, recorded: recorded, result: result, pipelineSha256: hash), read)
        } catch {
            return (RunSummaryRow(failed: input.path, error: TrackInput.message(for: error), pipelineSha256: hash), read)
        }
    }
}
