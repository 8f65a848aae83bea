import Dispatch
import Foundation
import TrackPipe

/// Input lines of fixes kept to be decoded together — on every core when there are many.
///
/// `trackpipe stream` keeps the lines it has read before it would wait for more input (470 per 64 KiB read of a
/// replayed recording, one at a time from a live phone), decodes them here together, and pushes the fixes through
/// its live pipeline one by one in order. Decoding was a quarter of `stream` (callgrind), each line's work its own.
/// A line's bytes are copied in: ``LineInput`` lends them only during its call.
public final class NDJSONLineBatch {
    /// Lines at or above which ``decode()`` uses every core; below, the calling thread.
    public static let parallelThreshold = 256

    /// The kept lines' bytes, one after another, and where each lies with its 1-based line number.
    private var bytes: [UInt8] = []
    private var lines: [(start: Int, count: Int, number: Int)] = []
    /// One decoder per core (a decoder keeps scratch state).
    private let decoders: [NDJSONFixDecoder]

    public init() {
        decoders = (0..<max(1, ProcessInfo.processInfo.activeProcessorCount)).map { _ in NDJSONFixDecoder() }
    }

    /// Lines kept and not yet decoded.
    public var count: Int { lines.count }

    /// Keeps `line`, input line `number`, for the next ``decode()``.
    public func append(_ line: UnsafeBufferPointer<UInt8>, number: Int) {
        lines.append((bytes.count, line.count, number))
        bytes.append(contentsOf: line)
    }

    /// Each kept line decoded as `NDJSONFixDecoder.decode(_:index:line:)` decodes its bytes, in order — a fix's
    /// `sourceIndex` is 0: the caller numbers the fixes, which depends on the lines before — and the lines forgotten.
    public func decode() -> [Result<Fix?, NDJSONFixCodec.LineError>] {
        defer {
            bytes.removeAll(keepingCapacity: true)
            lines.removeAll(keepingCapacity: true)
        }
        let n = lines.count
        let (text, spans, decoders) = (bytes, lines, SharedDecoders(all: decoders))
        @Sendable func decodeLine(_ i: Int, _ decoder: NDJSONFixDecoder) -> Result<Fix?, NDJSONFixCodec.LineError> {
            text.withUnsafeBufferPointer { all in
                let span = spans[i]
                return decoder.decode(UnsafeBufferPointer(rebasing: all[span.start..<(span.start + span.count)]),
                                      index: 0, line: span.number)
            }
        }
        guard n >= Self.parallelThreshold, decoders.all.count > 1 else {
            return (0..<n).map { decodeLine($0, decoders.all[0]) }
        }
        let results = ThreadSlots<Result<Fix?, NDJSONFixCodec.LineError>>(count: n, initial: .success(nil))
        defer { results.free() }
        let parts = decoders.all.count
        DispatchQueue.concurrentPerform(iterations: parts) { k in
            for i in stride(from: k * n / parts, to: (k + 1) * n / parts, by: 1) {
                results.base[i] = decodeLine(i, decoders.all[k])
            }
        }
        return Array(results.base)
    }
}

/// The batch's decoders, shared by the threads of one ``NDJSONLineBatch/decode()``, each thread using only its own.
private struct SharedDecoders: @unchecked Sendable {
    let all: [NDJSONFixDecoder]
}
