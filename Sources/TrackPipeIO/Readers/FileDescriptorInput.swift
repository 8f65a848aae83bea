import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a whole input — a file, a FIFO, a device or standard input — with every failure as a
/// ``TrackReadError`` (a closed descriptor, a directory given as standard input) rather than Foundation's trap,
/// and with a size bound so that `/dev/zero` or an endless pipe is refused instead of filling memory.
enum FileDescriptorInput {
    /// The largest input read, in bytes (4 GiB): a track file is megabytes; a 2.3 million-fix GPX is 632 MB.
    static let defaultLimit = 4 << 30

    /// Every byte from `fd` until end of file. `name` names the input in errors.
    static func readAll(_ fd: Int32, name: String, limit: Int = defaultLimit) throws -> [UInt8] {
        var info = stat()
        var expected = 0  // a regular file's size: its bytes are read straight into an array of that capacity
        if fstat(fd, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw TrackReadError(file: name, message: "is a directory, not a track file")
            case S_IFREG:
                guard Int(info.st_size) <= limit else {
                    throw TrackReadError(file: name, message: "is \(info.st_size) bytes, more than the \(limit) bytes TrackPipe reads")
                }
                expected = Int(info.st_size)
            default: break
            }
        } else {
            throw TrackReadError(file: name, message: "cannot be read: \(ErrnoText.current)")
        }
        // The file's bytes go straight where they are kept: through a 64 KiB block they were copied a second time
        // (a 58 MB GPX: 1.5 % of a `run`'s time, `memmove` and its page faults).
        var bytes = try [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            while count < expected {
                let n = try readSome(fd, into: buffer.baseAddress! + count, count: expected - count, name: name, after: count)
                if n == 0 { break }  // the file shrank while it was read: what there was
                count += n
            }
        }
        // Anything else (a pipe, a device, a file that grew) a block at a time.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = try chunk.withUnsafeMutableBufferPointer {
                try readSome(fd, into: $0.baseAddress!, count: $0.count, name: name, after: bytes.count)
            }
            if n == 0 { return bytes }
            guard bytes.count + n <= limit else {
                throw TrackReadError(file: name, message: "goes on beyond \(limit) bytes; not a track file")
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    /// One `read` of up to `count` bytes into `buffer`, again when a signal interrupted it: how many came, 0 at the
    /// end. `after` (bytes read before) goes into the error.
    private static func readSome(_ fd: Int32, into buffer: UnsafeMutablePointer<UInt8>, count: Int, name: String,
                                 after: Int) throws -> Int {
        while true {
            let n = read(fd, buffer, count)
            if n >= 0 { return n }
            if errno != EINTR {
                throw TrackReadError(file: name, message: "reading failed after \(after) bytes: \(ErrnoText.current)")
            }
        }
    }

    /// Every byte of the file at `path`.
    static func readFile(_ path: String, limit: Int = defaultLimit) throws -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw TrackReadError(file: path, message: errno == ENOENT ? "no such file" : "cannot be read: \(ErrnoText.current)")
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw TrackReadError(file: path, message: "is a directory, not a track file") }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw TrackReadError(file: path, message: "the file cannot be read: \(ErrnoText.current)")
        }
        defer { close(fd) }
        return try readAll(fd, name: path, limit: limit)
    }
}
