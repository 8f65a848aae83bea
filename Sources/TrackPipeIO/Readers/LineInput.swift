#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of a file descriptor as they arrive — `trackpipe stream`'s standard input — handed over as bytes in
/// a 64 KiB read block, with no string per line.
///
/// Lines end at LF; a CR before the LF is not part of the line, and a last line without LF is still a line, as
/// Swift's `readLine(strippingNewline: true)` splits them. ``forEachLine(beforeWaiting:_:)`` calls its
/// `beforeWaiting` closure before each read that may wait for more input: a live consumer passes on the lines read
/// so far there, so no line sits in a buffer while TrackPipe waits (`stream` hands them to its deciding thread as
/// one batch per block of input instead of one per line). A line longer than the
/// block grows the buffer to hold it; one longer than `lineLimit` is an error.
public struct LineInput {
    private let fd: Int32
    private let name: String
    private let lineLimit: Int

    /// Reads `fd` (not closed here); `name` names it in errors. A line longer than `lineLimit` bytes (16 MiB by
    /// default: a fix line is a few hundred) is an error, not a buffer that grows without bound.
    public init(fd: Int32, name: String, lineLimit: Int = 16 << 20) {
        self.fd = fd
        self.name = name
        self.lineLimit = lineLimit
    }

    /// Calls `body` with each line (without its line end) until the end of the input; the bytes are valid only
    /// during the call. Throws a ``TrackReadError`` when reading fails or a line exceeds the limit, and rethrows
    /// what the closures throw.
    public func forEachLine(beforeWaiting: () throws -> Void, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var start = 0, end = 0, scanned = 0  // unconsumed bytes are buffer[start..<end]; no LF in start..<scanned
        var lines = 0
        while true {
            // Hand over every complete line in the buffer.
            let lf = UInt8(ascii: "\n")
            try buffer.withUnsafeBufferPointer { all in
                let base = all.baseAddress!
                // Each line end found with `memchr`, many bytes a step: a loop over single bytes was 700 instructions
                // of a 140-byte fix line, 6 % of the reading thread of `stream`.
                while scanned < end, let found = memchr(base + scanned, Int32(lf), end - scanned) {
                    let i = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    var lineEnd = i
                    if lineEnd > start, all[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                    lines += 1
                    guard lineEnd - start <= lineLimit else { throw tooLong(line: lines) }
                    try body(UnsafeBufferPointer(rebasing: all[start..<lineEnd]))
                    start = i + 1
                    scanned = i + 1
                }
                scanned = end
            }
            // Keep the partial line at the front; grow only when it fills the block.
            if start > 0 {
                buffer.withUnsafeMutableBufferPointer { all in
                    if end > start { all.baseAddress!.update(from: all.baseAddress! + start, count: end - start) }
                }
                end -= start
                scanned -= start
                start = 0
            }
            guard end <= lineLimit + 1 else { throw tooLong(line: lines + 1) }  // + 1: room for a CR before the LF
            if end == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
            try beforeWaiting()
            let n = buffer.withUnsafeMutableBytes { raw in read(fd, raw.baseAddress! + end, raw.count - end) }
            if n < 0 {
                if errno == EINTR { continue }
                throw TrackReadError(file: name, message: "reading failed after line \(lines): \(ErrnoText.current)")
            }
            if n == 0 {
                guard end <= lineLimit else { throw tooLong(line: lines + 1) }
                if end > 0 { try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<end])) } }
                return
            }
            end += n
        }
    }

    private func tooLong(line: Int) -> TrackReadError {
        TrackReadError(file: name, message: "line \(line) is longer than \(lineLimit) bytes; not a line of fixes")
    }
}
