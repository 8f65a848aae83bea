import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that it either appears complete or not at all: the bytes go to a temporary file in the
/// target's directory (same file system, so the final `rename(2)` is atomic), which is flushed to disk with
/// `fsync` and then renamed over the target. An interrupted run leaves at worst a stray `.NAME.tmp-XXXXXX`,
/// never a half-written track. It refuses to replace any of the `inputs` (compared by device and inode when the
/// files exist, else by resolved path), so `convert run.gpx -o run.gpx` cannot destroy its own input.
/// A replaced file keeps its permission bits; a new one gets 0644.
public enum AtomicFileWriter {
    public static func write(_ bytes: [UInt8], to path: String, protecting inputs: [String] = []) throws {
        for input in inputs where input != "-" && sameFile(input, path) {
            throw TrackWriteError(file: path, message: "refusing to write over the input file \(input); choose another output path")
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TrackWriteError(file: path, message: "the directory \(directory) does not exist")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw TrackWriteError(file: path, message: "is a directory")
        }
        var template = Array((directory + "/." + url.lastPathComponent + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw TrackWriteError(file: path, message: "cannot create a temporary file in \(directory): \(errnoText())")
        }
        let tempPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var committed = false
        defer { if !committed { unlink(tempPath) } }
        var existing = stat()
        let mode: mode_t = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644
        _ = fchmod(fd, mode)
        var written = 0
        let ok = bytes.withUnsafeBytes { raw -> Bool in
            while written < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += n
            }
            return true
        }
        guard ok, fsync(fd) == 0 else {
            let why = errnoText()
            close(fd)
            throw TrackWriteError(file: path, message: "writing failed: \(why)")
        }
        guard close(fd) == 0 else { throw TrackWriteError(file: path, message: "closing failed: \(errnoText())") }
        guard rename(tempPath, path) == 0 else {
            throw TrackWriteError(file: path, message: "cannot move the finished file into place: \(errnoText())")
        }
        committed = true
        // Make the rename itself durable.
        let dirFD = open(directory, O_RDONLY)
        if dirFD >= 0 {
            _ = fsync(dirFD)
            close(dirFD)
        }
    }

    /// True when `a` and `b` name the same file (same device and inode), or resolve to the same path.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        if stat(a, &sa) == 0, stat(b, &sb) == 0 {
            return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
        }
        let ra = URL(fileURLWithPath: a).standardizedFileURL.resolvingSymlinksInPath().path
        let rb = URL(fileURLWithPath: b).standardizedFileURL.resolvingSymlinksInPath().path
        return ra == rb
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
