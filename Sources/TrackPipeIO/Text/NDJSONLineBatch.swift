import Dispatch
import TrackPipe

/// Input lines of fixes kept to be decoded together — on every core when there are many.
///
/// `trackpipe stream` keeps the lines it has read before it would wait for more input (470 per 64 KiB read of a
/// replayed recording, one at a time from a live phone), decodes them here together, and pushes the fixes through
/// its live pipeline one by one in order. Decoding was a quarter of `stream` (callgrind), each line's work its own.
/// A line's bytes are copied in: ``LineInput`` lends them only during its call.
public final class NDJSONLineBatch {
    /// Lines at or above which ``decode(_:)`` uses every core; below, the calling thread.
    public static let parallelThreshold = 256

    /// The kept lines' bytes, one after another, and where each lies with its 1-based line number.
    private var bytes: [UInt8] = []
    private var lines: [(start: Int, count: Int, number: Int)] = []
    /// One decoder per core (a decoder keeps scratch state).
    private let decoders: [NDJSONFixDecoder]

    public init() {
        decoders = (0..<SideBySide.processorCount).map { _ in NDJSONFixDecoder() }
    }

    /// Lines kept and not yet decoded.
    public var count: Int { lines.count }

    /// Keeps `line`, input line `number`, for the next ``decode(_:)``.
    public func append(_ line: UnsafeBufferPointer<UInt8>, number: Int) {
        lines.append((bytes.count, line.count, number))
        bytes.append(contentsOf: line)
    }

    /// Hands `body` each kept line decoded as `NDJSONFixDecoder.decode(_:index:line:)` decodes its bytes, in order —
    /// a fix's `sourceIndex` is 0: the caller numbers the fixes, which depends on the lines before — and forgets the
    /// lines (also when `body` throws). A short batch is decoded line by line as `body` takes them, with no list.
    public func decode(_ body: (Result<Fix?, NDJSONFixCodec.LineError>) throws -> Void) rethrows {
        defer {
            bytes.removeAll(keepingCapacity: true)
            lines.removeAll(keepingCapacity: true)
        }
        let n = lines.count
        guard n >= Self.parallelThreshold, decoders.count > 1 else {
            try bytes.withUnsafeBufferPointer { all in
                for span in lines {
                    try body(decoders[0].decode(UnsafeBufferPointer(rebasing: all[span.start..<(span.start + span.count)]),
                                                index: 0, line: span.number))
                }
            }
            return
        }
        let results = ThreadSlots<Result<Fix?, NDJSONFixCodec.LineError>>(count: n, initial: .success(nil))
        defer { results.free() }
        let (text, spans, shared, parts) = (bytes, lines, SharedDecoders(all: decoders), decoders.count)
        DispatchQueue.concurrentPerform(iterations: parts) { k in
            text.withUnsafeBufferPointer { all in
                for i in stride(from: k * n / parts, to: (k + 1) * n / parts, by: 1) {
                    let span = spans[i]
                    results.base[i] = shared.all[k].decode(
                        UnsafeBufferPointer(rebasing: all[span.start..<(span.start + span.count)]), index: 0, line: span.number)
                }
            }
        }
        for result in results.base { try body(result) }
    }
}

/// The batch's decoders, shared by the threads of one ``NDJSONLineBatch/decode(_:)``, each thread using only its own.
private struct SharedDecoders: @unchecked Sendable {
    let all: [NDJSONFixDecoder]
}
