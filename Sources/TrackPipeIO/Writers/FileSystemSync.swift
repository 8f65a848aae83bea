import CSyncFS
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes many files written without their own `fsync` durable at once: one `syncfs` (Linux; `sync` elsewhere) per
/// file system the given directories live on, which flushes their data and the renames that put them in place.
/// A batch run writes its outputs with ``OutputSet/syncsEachFile`` off and calls this before its summary is
/// committed, so a summary on disk never names an output that is not.
public enum FileSystemSync {
    /// Syncs the file system of each of `directories` (each file system once). Throws a ``TrackWriteError`` naming
    /// the directory when it cannot be opened or the sync reports an error (e.g. `EIO`: data may be lost).
    public static func sync(directories: [String]) throws {
        var done: Set<UInt64> = []
        for directory in directories {
            let fd = open(directory, O_RDONLY)
            guard fd >= 0 else {
                throw TrackWriteError(file: directory, message: "cannot be opened to sync the files written in it: \(ErrnoText.current)")
            }
            defer { close(fd) }
            var info = stat()
            if fstat(fd, &info) == 0, !done.insert(UInt64(info.st_dev)).inserted { continue }
            #if os(Linux)
            guard syncfs(fd) == 0 else {
                throw TrackWriteError(file: directory, message: "syncing the files written in it failed: \(ErrnoText.current)")
            }
            #else
            Darwin.sync()
            #endif
        }
    }
}
