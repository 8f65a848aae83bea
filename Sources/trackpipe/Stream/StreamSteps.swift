import Dispatch
import Foundation
import TrackPipe
import TrackPipeIO

/// `stream`'s three steps on three threads, so a replayed recording keeps two cores busy: the calling thread reads
/// and decodes lines, a second decides them (the live pipeline, one fix after another), a third encodes the answers
/// and writes them. Batches pass between the steps in order through ``Handoff``s. Each step works on what it has
/// and waits only for its input, so every answer is written as soon as it is decided, without more input.
///
/// One after another on one thread (decoding and encoding each on every core), the 230 000-fix benchmark input took
/// 368 ms median (0.63 M fixes/s); on three threads 227 ms (1.01 M), 197 ms (1.17 M) once `LineInput` and
/// `LivePipeline` had been made cheaper too (Benchmarks/README.md, sixteenth session).
struct StreamSteps {
    /// A batch of decided lines' answers, from the deciding thread to the writing one.
    private typealias Answers = [NDJSONLines.Line]
    /// A batch of decoded lines, from the reading thread to the deciding one.
    private typealias Decoded = [Result<Fix?, NDJSONFixCodec.LineError>]

    /// The decider while its thread has it, and what stopped that thread. Only one thread uses it at a time: the
    /// deciding thread from its start to its end, the calling thread after waiting for it.
    private final class DecidingState: @unchecked Sendable {
        var decider: StreamDecider?
        var failure: (any Error)?
        init(_ decider: StreamDecider) { self.decider = decider }
    }

    /// What stopped the writing thread (its output failed), read by the calling thread after waiting for it.
    private final class WritingState: @unchecked Sendable {
        var failure: (any Error)?
    }

    /// The reading step saw the decider stop; the real error is the decider's or the writer's.
    private struct Stopped: Error {}

    /// Reads `input` to its end, deciding and writing every line, and returns the decider with its counts, ready
    /// for `finish`. Throws the first failure: a stage's error, the output's, or the input's (after the lines read
    /// before it are answered).
    static func run(_ input: LineInput, decider: StreamDecider) throws -> StreamDecider {
        let decoded = Handoff<Decoded>(), answers = Handoff<Answers>()
        let deciding = DecidingState(decider), writing = WritingState()
        let threads = DispatchGroup()
        DispatchQueue(label: "trackpipe.stream.decide").async(group: threads) {
            decide(decoded, into: answers, state: deciding)
        }
        DispatchQueue(label: "trackpipe.stream.write").async(group: threads) {
            write(answers, state: writing)
        }
        let pending = NDJSONLineBatch()
        var lineNumber = 0
        func handOver() throws {
            guard pending.count > 0 else { return }
            guard decoded.put(pending.decode()) else { throw Stopped() }
        }
        var readFailure: (any Error)?
        do {
            try input.forEachLine(beforeWaiting: handOver) { line in
                lineNumber += 1
                if NDJSONFixDecoder.isBlank(line) { return }
                pending.append(line, number: lineNumber)
            }
            try handOver()  // a last line without a line end comes after the last wait
        } catch is Stopped {
        } catch {
            readFailure = error
            try? handOver()  // the lines read before the failure are still answered
        }
        decoded.close()
        threads.wait()
        if let failure = deciding.failure ?? writing.failure ?? readFailure { throw failure }
        return deciding.decider!
    }

    private static func decide(_ decoded: Handoff<Decoded>, into answers: Handoff<Answers>, state: DecidingState) {
        var decider = state.decider.take()!
        defer { state.decider = decider; answers.close() }
        while let batch = decoded.take() {
            var lines: Answers = []
            lines.reserveCapacity(batch.count + batch.count / 8)
            do {
                for line in batch { try decider.decide(line, into: &lines) }
            } catch {
                state.failure = error
                answers.put(lines)  // the answers before the failure are still written
                decoded.abandon()
                return
            }
            guard answers.put(lines) else {
                decoded.abandon()
                return
            }
        }
    }

    private static func write(_ answers: Handoff<Answers>, state: WritingState) {
        var bytes: [UInt8] = []
        while let lines = answers.take() {
            bytes.removeAll(keepingCapacity: true)
            NDJSONLines.append(lines, to: &bytes)
            do {
                try StandardOutput.write(bytes)
            } catch {
                state.failure = error
                answers.abandon()
                return
            }
        }
    }
}
