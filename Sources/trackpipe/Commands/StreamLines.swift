import Dispatch
import Foundation
import TrackPipe
import TrackPipeIO

/// The input lines `stream` has read and not yet decided, and the output lines their decisions make — each batch
/// decoded and encoded on every core when it is long.
///
/// A live phone sends a line at a time and each batch is one line; a replayed recording arrives 470 lines per
/// 64 KiB read, and decoding and encoding them were 45 % of `stream` (callgrind), each line's work its own. So the
/// lines read before TrackPipe would wait are kept (their bytes copied: ``LineInput`` lends them only during its
/// call), decoded together, pushed through the live pipeline one by one in order as before, and their output lines
/// encoded together. The output is the same bytes in the same order: only the decoding of each line and the
/// encoding of each output line move between threads.
struct StreamLines {
    /// Lines at or above which a batch is decoded and encoded on every core; below, on the calling thread.
    static let parallelThreshold = 256

    /// The pending lines' bytes, one after another, and where each lies with its 1-based line number.
    private var bytes: [UInt8] = []
    private var lines: [(start: Int, count: Int, number: Int)] = []
    /// One decoder per core (a decoder keeps scratch state).
    private let decoders: [NDJSONFixDecoder]

    init() {
        decoders = (0..<max(1, ProcessInfo.processInfo.activeProcessorCount)).map { _ in NDJSONFixDecoder() }
    }

    var count: Int { lines.count }

    /// Keeps `line` (input line `number`) for the next ``decode()``.
    mutating func append(_ line: UnsafeBufferPointer<UInt8>, number: Int) {
        lines.append((bytes.count, line.count, number))
        bytes.append(contentsOf: line)
    }

    /// Each pending line decoded, in order (a fix's `sourceIndex` is 0: the caller numbers the fixes), and the
    /// pending lines forgotten.
    mutating func decode() -> [Result<Fix?, NDJSONFixCodec.LineError>] {
        defer {
            bytes.removeAll(keepingCapacity: true)
            lines.removeAll(keepingCapacity: true)
        }
        let n = lines.count
        guard n >= Self.parallelThreshold, decoders.count > 1 else {
            return bytes.withUnsafeBufferPointer { all in
                lines.map { decoders[0].decode(UnsafeBufferPointer(rebasing: all[$0.start..<($0.start + $0.count)]), index: 0, line: $0.number) }
            }
        }
        let results = Slots<Result<Fix?, NDJSONFixCodec.LineError>>(count: n, initial: .success(nil))
        defer { results.free() }
        let shared = SharedDecoders(decoders: decoders)
        let (text, spans) = (self.bytes, self.lines)
        let parts = decoders.count
        DispatchQueue.concurrentPerform(iterations: parts) { k in
            text.withUnsafeBufferPointer { all in
                for i in stride(from: k * n / parts, to: (k + 1) * n / parts, by: 1) {
                    let line = spans[i]
                    results.base[i] = shared.decoders[k].decode(
                        UnsafeBufferPointer(rebasing: all[line.start..<(line.start + line.count)]), index: 0, line: line.number)
                }
            }
        }
        return Array(results.base)
    }

    /// One line of output, decided and not yet written.
    enum Decided: Sendable {
        case fix(Fix, LiveFigures.Figures?)
        case drop(DropRecord)
        case change(FixChange)
        case event(StageEvent)
    }

    /// Appends the NDJSON lines of `decided`, in order, to `batch` — on every core when there are many.
    static func encode(_ decided: [Decided], to batch: inout [UInt8]) {
        @Sendable func line(_ d: Decided, _ out: inout [UInt8]) {
            switch d {
            case .fix(let fix, let figures): NDJSONLines.appendFix(fix, figures: figures, to: &out)
            case .drop(let record): NDJSONLines.appendDrop(record, to: &out)
            case .change(let change): NDJSONLines.appendChange(change, to: &out)
            case .event(let event): NDJSONLines.appendEvent(event, to: &out)
            }
        }
        let n = decided.count
        let parts = ProcessInfo.processInfo.activeProcessorCount
        guard n >= parallelThreshold, parts > 1 else {
            for d in decided { line(d, &batch) }
            return
        }
        let texts = Slots<[UInt8]>(count: parts, initial: [])
        defer { texts.free() }
        DispatchQueue.concurrentPerform(iterations: parts) { k in
            for i in stride(from: k * n / parts, to: (k + 1) * n / parts, by: 1) { line(decided[i], &texts.base[k]) }
        }
        for text in texts.base { batch += text }
    }
}

/// Decoders shared by the threads of one batch, each thread using only its own.
private struct SharedDecoders: @unchecked Sendable {
    let decoders: [NDJSONFixDecoder]
}

/// Storage the threads of one batch write to, each only its own elements.
private struct Slots<Element>: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<Element>

    init(count: Int, initial: Element) {
        base = .allocate(capacity: count)
        base.initialize(repeating: initial)
    }

    func free() {
        base.deinitialize()
        base.deallocate()
    }
}
