import TrackPipe

/// Input lines of fixes kept to be decoded together.
///
/// `trackpipe stream` keeps the lines it has read before it would wait for more input (470 per 64 KiB read of a
/// replayed recording, one at a time from a live phone), decodes them here together on its reading thread, and
/// hands the batch to the thread that pushes the fixes through its live pipeline one by one in order.
/// A line's bytes are copied in: ``LineInput`` lends them only during its call.
public final class NDJSONLineBatch {
    /// The kept lines' bytes, one after another, and where each lies with its 1-based line number.
    private var bytes: [UInt8] = []
    private var lines: [(start: Int, count: Int, number: Int)] = []
    /// Keeps scratch state between lines.
    private let decoder = NDJSONFixDecoder()

    public init() {}

    /// Lines kept and not yet decoded.
    public var count: Int { lines.count }

    /// Keeps `line`, input line `number`, for the next ``decode()``.
    public func append(_ line: UnsafeBufferPointer<UInt8>, number: Int) {
        lines.append((bytes.count, line.count, number))
        bytes.append(contentsOf: line)
    }

    /// The kept lines decoded as `NDJSONFixDecoder.decode(_:index:line:)` decodes their bytes, in order — a fix's
    /// `sourceIndex` is 0: the caller numbers the fixes, which depends on the lines before — and forgets the lines.
    public func decode() -> [Result<Fix?, NDJSONFixCodec.LineError>] {
        defer {
            bytes.removeAll(keepingCapacity: true)
            lines.removeAll(keepingCapacity: true)
        }
        return bytes.withUnsafeBufferPointer { all in
            lines.map { span in
                decoder.decode(UnsafeBufferPointer(rebasing: all[span.start..<(span.start + span.count)]), index: 0, line: span.number)
            }
        }
    }
}
