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
/// Durability: outputs are written without an `fsync` each and their file system is synced once when the workers
/// are done, before the summary is written (per-file syncs were a quarter of a 500-file run); when the summary
/// streams, each output is synced before its line is printed, as a line says the output is done.
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
    /// Where each finished run is also stored, one transaction per run; opened once every output is planned.
    var storePath: String?
    /// Rows of an earlier run's summary (`--resume`), by input path: an input whose row says `ok` for the same
    /// content and pipeline, with its output still there, is not run again and keeps its row.
    var resumable: [String: ResumableRow] = [:]

    struct ResumableRow: Sendable {
        var inputSha256: String
        var pipelineSha256: String
        var output: String?
        /// The row as it was written, carried into the new summary.
        var line: String
    }

    struct Outcome {
        var ok: Int
        var failed: [(file: String, error: String)]
        var fixes: Int
        var seconds: Double
        /// Inputs not started because an earlier one failed without `--keep-going`.
        var skipped: Int
        /// Inputs not run again because an earlier summary (`--resume`) has them.
        var resumed: Int
    }

    /// Shared by the workers; every field is touched with `lock` held.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var next = 0
        var stop = false
        /// Each finished input's summary line (CSV or NDJSON, as the summary is written; empty without a summary),
        /// not its row: a few hundred bytes each, so ten thousand inputs hold a few MB.
        var lines: [String?]
        var failures: [(index: Int, file: String, error: String)] = []
        var resumed = 0
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
            outputs = try BatchInputs(inputs).plannedOutputs(in: outputDirectory, format: { format ?? RunOutputs.defaultFormat(for: $0.path) },
                                                               role: "the kept track", planner: planner)
        }
        let summaryOutput = OutputSet(sameInputsAs: planner, force: force)
        let summaryPlan: OutputSet.Output?
        do {
            if let summary { try planner.plan(summary.path, role: "the summary") }
            summaryPlan = try summary.map { try summaryOutput.plan($0.path, role: "the summary") }
        } catch let e as TrackWriteError {
            throw CLIError(e.description)
        }
        let store = try storePath.map(RunCommand.openStore)
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
                let done = process(inputs[i], output: planned[i], hash: hash, format: summaryFormat, store: store,
                                   syncEach: streaming)
                state.lock.lock()
                state.lines[i] = done.line
                if let error = done.error {
                    state.failures.append((i, inputs[i].path, error))
                    if !keepGoing { state.stop = true }
                }
                if done.resumed { state.resumed += 1 }
                state.progress.finished(file: inputs[i].path, failed: done.error != nil, fixes: done.fixes)
                if streaming, state.writeError == nil, let line = state.lines[i] {
                    do { try StandardOutput.write(line + "\n") } catch { state.writeError = error; state.stop = true }
                }
                state.lock.unlock()
            }
        }
        state.progress.end()
        if let error = state.writeError { throw error }
        // The outputs were written without an fsync each (except when streaming the summary, whose every line
        // says an output is done): one sync of their file system makes them durable before the summary names them.
        if !streaming {
            let directories = Set(planned.compactMap { $0.map { ($0 as NSString).deletingLastPathComponent } })
                .map { $0.isEmpty ? "." : $0 }.filter { FileManager.default.fileExists(atPath: $0) }
            do { try FileSystemSync.sync(directories: directories.sorted()) } catch {
                throw CLIError("\(error)")
            }
        }
        let lines = state.lines.compactMap { $0 }
        if let summary, let summaryPlan, !streaming {
            let text = (summary.format == .csv ? RunSummaryRow.csvHeader + "\n" : "") + lines.map { $0 + "\n" }.joined()
            try summaryOutput.stage(Array(text.utf8), for: summaryPlan)
            try summaryOutput.commit()
        }
        let failures = state.failures.sorted { $0.index < $1.index }.map { ($0.file, $0.error) }
        return Outcome(ok: lines.count - failures.count, failed: failures, fixes: state.progress.fixes,
                       seconds: Date().timeIntervalSince(start), skipped: inputs.count - lines.count, resumed: state.resumed)
    }

    /// Reads, runs and writes one input — or keeps its earlier row (`--resume`); a failure becomes its row.
    /// Returns the summary line, the error if it failed, the records read, and whether it was resumed.
    private func process(_ input: BatchInputs.Input, output: String?, hash: String, format: SummaryFormat, store: RunStore?,
                         syncEach: Bool) -> (line: String, error: String?, fixes: Int, resumed: Bool) {
        var read = 0
        var sha256: String?
        // Without a summary no row is written, so none is encoded (encoding was 9 % of a batch of small files).
        func line(_ row: @autoclosure () -> RunSummaryRow) -> String {
            guard summary != nil else { return "" }
            let row = row()
            return format == .csv ? row.csvLine : row.jsonLine
        }
        do {
            // The content hash names the run in the store and in the summary (what --resume compares).
            var (recorded, contentHash) = try StoredRunContent.read(input.path, hashing: store != nil || summary != nil)
            sha256 = contentHash
            read = recorded.recordCount
            // Kept from the earlier summary only when the store (if any) has the run too: a store started after
            // the first batch gets every input.
            if let earlier = resumable[input.path], earlier.inputSha256 == sha256, earlier.pipelineSha256 == hash, earlier.output == output,
               earlier.output.map({ FileManager.default.fileExists(atPath: $0) }) ?? true,
               try store.map({ try $0.contains(inputSHA256: sha256 ?? "", pipelineSHA256: hash) }) ?? true {
                return (earlier.line, nil, read, true)
            }
            if let activity, recorded.activity == nil { recorded.activity = Activity(loose: activity) }
            let result = try pipeline.run(recorded)
            if let output {
                let chosen = self.format ?? RunOutputs.defaultFormat(for: input.path)
                try TrackWriter.write(result.track, to: output, format: chosen, protecting: [input.path], provenance: result.provenance,
                                      cumulativeDistance: result.annotations[CumulativeDistanceKey.self], force: force, sync: syncEach)
            }
            if let store, let sha256 {
                try store.record(StoredRunContent.make(path: input.path, sha256: sha256, recorded: recorded, result: result))
            }
            return (line(RunSummaryRow(file: input.path, inputSha256: sha256, output: output, recorded: recorded, result: result, pipelineSha256: hash)),
                    nil, read, false)
        } catch {
            let message = TrackInput.message(for: error)
            return (line(RunSummaryRow(failed: input.path, error: message, inputSha256: sha256, pipelineSha256: hash)), message, read, false)
        }
    }

    /// The rows of an earlier summary at `path` that `--resume` may keep: those with status `ok`, by input path.
    /// A missing file resumes nothing; an unreadable one is an error (it would be overwritten).
    static func resumableRows(from path: String, format: SummaryFormat) throws -> [String: ResumableRow] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        let bytes: [UInt8]
        do { bytes = try TrackReader.readFile(path) } catch { throw CLIError(TrackInput.message(for: error)) }
        var rows: [String: ResumableRow] = [:]
        switch format {
        case .ndjson:
            for (n, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n").enumerated() {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                    throw CLIError("\(path):\(n + 1): not a summary row (expected a JSON object); --resume reads the summary it is to replace")
                }
                guard object["status"] as? String == "ok", let file = object["file"] as? String, let input = object["input_sha256"] as? String,
                      let pipeline = object["pipeline_sha256"] as? String else { continue }
                rows[file] = ResumableRow(inputSha256: input, pipelineSha256: pipeline, output: object["output"] as? String, line: String(line))
            }
        case .csv:
            let text = String(decoding: bytes, as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let records = bytes.withUnsafeBufferPointer { CSVTokenizer.records($0, delimiter: UInt8(ascii: ",")) }
            guard let header = records.first?.fields, header == RunSummaryRow.columns else {
                throw CLIError("\(path): not a summary of this TrackPipe (its header differs); --resume reads the summary it is to replace")
            }
            for record in records.dropFirst() where record.fields.count == header.count {
                let field = Dictionary(uniqueKeysWithValues: zip(header, record.fields))
                guard field["status"] == "ok", let file = field["file"], let input = field["input_sha256"], !input.isEmpty,
                      let pipeline = field["pipeline_sha256"], record.line - 1 < lines.count else { continue }
                let output = field["output"].flatMap { $0.isEmpty ? nil : $0 }
                rows[file] = ResumableRow(inputSha256: input, pipelineSha256: pipeline, output: output, line: lines[record.line - 1])
            }
        }
        return rows
    }
}
