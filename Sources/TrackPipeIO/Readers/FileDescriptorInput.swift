import Dispatch
import Foundation
import TrackPipe
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
        var offset: off_t = -1  // where a regular file's descriptor stands (standard input may have been read partly)
        if fstat(fd, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw TrackReadError(file: name, message: "is a directory, not a track file")
            case S_IFREG:
                guard Int(info.st_size) <= limit else {
                    throw TrackReadError(file: name, message: "is \(info.st_size) bytes, more than the \(limit) bytes TrackPipe reads")
                }
                offset = lseek(fd, 0, SEEK_CUR)
                expected = max(0, Int(info.st_size) - (offset > 0 ? Int(offset) : 0))
            default: break
            }
        } else {
            throw TrackReadError(file: name, message: "cannot be read: \(ErrnoText.current)")
        }
        // The file's bytes go straight where they are kept: through a 64 KiB block they were copied a second time
        // (a 58 MB GPX: 1.5 % of a `run`'s time, `memmove` and its page faults).
        var bytes = try [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            if expected >= parallelThreshold, offset >= 0, SideBySide.processorCount > 1,
               let done = readInParts(fd, from: offset, into: buffer, count: expected) {
                count = done
                return
            }
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

    /// A regular file from this size up (bytes, 8 MiB) is read in one part per core (``readInParts(_:from:into:count:)``).
    static let parallelThreshold = 8 << 20

    /// The `count` bytes of the regular file `fd` from offset `start` (where it stands) read into `buffer` in one part
    /// per core, each by `pread` on a thread of its own, and the file offset moved past them: the kernel's copy into fresh memory and the page
    /// faults it takes were one core's work for a tenth of a 230 000-fix `run` (a 58 MB GPX: 39 ms). `nil`, having
    /// moved nothing, when a part comes back short or failing (the file shrank, a
    /// signal, an error): the caller then reads it in order, as for any other input, and reports what fails.
    private static func readInParts(_ fd: Int32, from start: off_t, into buffer: UnsafeMutableBufferPointer<UInt8>,
                                    count: Int) -> Int? {
        let parts = SideBySide.processorCount
        let size = (count + parts - 1) / parts
        let base = UInt(bitPattern: buffer.baseAddress!)
        let complete = ThreadSlots<Bool>(count: parts, initial: false)
        defer { complete.free() }
        DispatchQueue.concurrentPerform(iterations: parts) { k in
            let from = k * size, to = min(count, from + size)
            var at = from
            while at < to {
                let n = pread(fd, UnsafeMutableRawPointer(bitPattern: base + UInt(at)), to - at, start + off_t(at))
                if n > 0 { at += n } else if n < 0, errno == EINTR { continue } else { break }
            }
            complete.base[k] = at >= to
        }
        guard (0..<parts).allSatisfy({ complete.base[$0] }), lseek(fd, start + off_t(count), SEEK_SET) >= 0 else {
            return nil
        }
        return count
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
