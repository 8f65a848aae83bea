import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output for tracks, reports, stream lines and tables, where a failed write is an error rather than a
/// trap or a silent loss.
///
/// `write(_:)` writes at once (`stream`'s lines are seen as soon as the input that decided them has been read); ``buffered(_:)``
/// collects text (tables, listings) and writes it in 64 KB blocks. A write that fails — a full disk, a closed
/// descriptor — is remembered and thrown by the next `write(_:)` or by ``finish()``, which a command
/// calls last, so the command ends with an error instead of status 0.
///
/// A reader that goes away (`trackpipe … | head`) ends TrackPipe with SIGPIPE, as it ends any Unix filter: the
/// rest of the output has nowhere to go, and shells do not report it as an error.
public enum StandardOutput {
    private static let lock = NSLock()
    private nonisolated(unsafe) static var pending: [UInt8] = []
    private nonisolated(unsafe) static var failure: TrackWriteError?
    private static let blockSize = 1 << 16

    /// Writes `bytes` to standard output now, after any buffered text. Throws a ``TrackWriteError`` when this or
    /// an earlier write failed.
    public static func write(_ bytes: [UInt8]) throws {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
        if failure == nil { attempt(bytes) }
        if let failure { throw failure }
    }

    /// Writes `text` as UTF-8 now; see `write(_:)`.
    public static func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    /// Adds `text` to the buffer, writing it out whenever 64 KB have collected. A failure is kept for
    /// ``finish()``.
    public static func buffered(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        pending.append(contentsOf: text.utf8)
        if pending.count >= blockSize { flushLocked() }
    }

    /// Writes what is buffered and throws if any write to standard output failed.
    public static func finish() throws {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
        if let failure { throw failure }
    }

    private static func flushLocked() {
        guard !pending.isEmpty else { return }
        let bytes = pending
        pending.removeAll(keepingCapacity: true)
        if failure == nil { attempt(bytes) }
    }

    private static func attempt(_ bytes: [UInt8]) {
        do { try FileDescriptorOutput.writeAll(bytes, to: STDOUT_FILENO, name: "standard output") } catch let e as TrackWriteError {
            failure = e
        } catch {
            failure = TrackWriteError(file: "standard output", message: "\(error)")
        }
    }
}
