import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing bytes to a file descriptor with every failure as an error (`ENOSPC` on a full disk, `EBADF` on a closed
/// descriptor, `EPIPE` when the reader has gone and SIGPIPE is ignored) instead of Foundation's trap.
enum FileDescriptorOutput {
    /// Writes all of `bytes` to `fd`, retrying short writes and `EINTR`; `name` names the target in the error.
    /// `offset`, for an output written block by block: how many of its bytes earlier calls wrote, so the error
    /// counts the output's bytes rather than the block's.
    static func writeAll(_ bytes: [UInt8], to fd: Int32, name: String, offset: Int? = nil) throws {
        var written = 0
        let failure: Int32? = bytes.withUnsafeBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            while written < raw.count {
                let n = write(fd, base + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += n
            }
            return nil
        }
        if let failure {
            let count = offset.map { "\($0 + written) bytes" } ?? "\(written) of \(bytes.count) bytes"
            throw TrackWriteError(file: name, message: "writing failed after \(count): \(String(cString: strerror(failure)))")
        }
    }
}
