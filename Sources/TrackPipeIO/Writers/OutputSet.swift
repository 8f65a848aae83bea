import CSyncFS
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every file one command writes, checked together before anything runs and committed together at the end.
///
/// A command first ``plan(_:role:)``s each output — which checks the path against every input the command reads
/// (tracks, spec, badge catalog, truth files) and every other output, and checks that the place can be written —
/// then runs, ``stage(_:for:)``s each output's bytes, and finally ``commit()``s them all. So a mistake in any output
/// location is an error before any work is done, and a failure while writing one output leaves none of them
/// replaced.
///
/// How each kind of path is written:
/// - `-` is standard output (at most one output may go there).
/// - A regular file (or a name that does not exist yet, in an existing writable directory) is written to a
///   temporary file beside it, flushed with `fsync`, and renamed into place at ``commit()`` — so it appears
///   complete or not at all. A symbolic link to a regular file replaces the file it points to and stays a link.
///   A replaced file keeps its permission bits; a new one gets 0644.
/// - A device or a FIFO (`/dev/null`, `/dev/stdout`, a named pipe, or a link to one) is written through, never
///   renamed over: a rename would replace the device node with a regular file.
/// - A directory, a socket, a write-protected file (unless `force`), or one of the inputs is refused.
///
/// With ``syncsEachFile`` off (a batch run of many outputs), files are neither flushed nor their directories
/// synced here: the caller makes them durable together with ``FileSystemSync`` before it records them as done. Each
/// file's write-back is started as it is staged (on Linux), so that sync finds most of the work done.
///
/// Temporary files are removed if the set is discarded without committing, and on SIGINT, SIGTERM and SIGHUP
/// (see ``TemporaryFiles``). Standard output and write-through targets are written first at commit, then the
/// renames happen, so a full disk on `/dev/full` leaves every regular output untouched.
public final class OutputSet {
    /// Where one planned output goes.
    public enum Destination: Equatable, Sendable {
        /// Standard output (`-`).
        case standardOutput
        /// A regular file at this path (a symbolic link's target, resolved), written by temp file and rename.
        case file(String)
        /// A device or FIFO at this path, written through in place.
        case writeThrough(String)
    }

    /// A planned output: the path as the user gave it, what it is for, and where its bytes go.
    public struct Output: Sendable {
        public let path: String
        public let role: String
        public let destination: Destination
        let id: Int
    }

    private struct Input {
        var path: String
        var identity: FileIdentity?
        var resolved: String
    }

    private let inputs: [Input]
    /// The inputs and the planned outputs by what makes two paths the same file (see ``PathIndex``): a batch plans
    /// thousands of outputs, each checked against every input and every earlier output.
    private let inputIndex: PathIndex
    private var plannedIndex = PathIndex()
    private let force: Bool
    /// Whether each file is flushed (`fsync`) before its rename and each directory after it. Default `true`; a
    /// batch run turns it off and syncs its outputs' file system once at the end (one `fsync` pair per output was
    /// a quarter of a 500-file batch run's time).
    public var syncsEachFile = true
    private var planned: [Output] = []
    private var staged: [Int: Staged] = [:]
    private var committed = false

    private enum Staged {
        case bytes([UInt8])
        case temporary(path: String, slot: Int)
    }

    /// - Parameters:
    ///   - inputs: every file the command reads (`-` is ignored); no output may be one of them.
    ///   - force: replace an existing output even when it is write-protected.
    public init(inputs: [String], force: Bool = false) {
        self.inputs = inputs.filter { $0 != "-" }.map { Input(path: $0, identity: FileIdentity(path: $0), resolved: Self.resolved($0)) }
        var inputIndex = PathIndex()
        for (i, input) in self.inputs.enumerated() { inputIndex.insert(i, identity: input.identity, resolved: input.resolved) }
        self.inputIndex = inputIndex
        self.force = force
        TemporaryFiles.installSignalHandlers()
    }

    /// A second set of outputs checked against the same inputs as `other`, which were looked up once, for it (a
    /// batch plans its tracks and its summary in two sets; each looked up every input: a `stat` and a symbolic
    /// link resolution per input).
    public init(sameInputsAs other: OutputSet, force: Bool = false) {
        inputs = other.inputs
        inputIndex = other.inputIndex
        self.force = force
        TemporaryFiles.installSignalHandlers()
    }

    deinit {
        for case .temporary(let path, let slot) in staged.values {
            unlink(path)
            TemporaryFiles.unregister(slot)
        }
    }

    /// Checks `path` as an output for `role` (e.g. "the run report") and returns where it will go. Throws a
    /// ``TrackWriteError`` naming the path and the reason when it is an input, another output, a directory, a
    /// socket, a write-protected file (without `force`), or in a directory that does not exist or cannot be
    /// written.
    @discardableResult
    public func plan(_ path: String, role: String) throws -> Output {
        if path == "-" {
            if let other = planned.first(where: { $0.destination == .standardOutput }) {
                throw TrackWriteError(file: "-", message: "\(role) and \(other.role) cannot both go to standard output")
            }
            return record(Output(path: path, role: role, destination: .standardOutput, id: planned.count))
        }
        guard !path.isEmpty else { throw TrackWriteError(file: path, message: "an empty path cannot be written (\(role))") }
        let identity = FileIdentity(path: path)
        let resolved = Self.resolved(path)
        if let i = inputIndex.first(sameAs: identity, resolved: resolved) {
            throw TrackWriteError(file: path, message: "refusing to write \(role) over the input \(inputs[i].path); choose another path")
        }
        // Any number of outputs may be discarded into /dev/null.
        let discarded = identity != nil && identity == FileIdentity(path: "/dev/null")
        if !discarded, let k = plannedIndex.first(sameAs: identity, resolved: resolved) {
            let other = planned[k]
            throw TrackWriteError(file: path, message: "\(role) and \(other.role) (\(other.path)) would be the same file")
        }
        var info = stat()
        if stat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFREG, Self.isSystemPath(path) || Self.isSystemPath(resolved) {
                // `/dev/stdout` redirected to a file, `/proc/self/fd/N`: a rename would swap the file under the
                // descriptor that names it, so the bytes would never reach whoever holds it open.
                return record(Output(path: path, role: role, destination: .writeThrough(path), id: planned.count), identity: identity, resolved: resolved)
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                throw TrackWriteError(file: path, message: "is a directory (\(role) needs a file name)")
            case S_IFCHR, S_IFIFO, S_IFBLK:
                guard access(path, W_OK) == 0 else {
                    throw TrackWriteError(file: path, message: "cannot be written: \(ErrnoText.current)")
                }
                return record(Output(path: path, role: role, destination: .writeThrough(path), id: planned.count), identity: identity, resolved: resolved)
            case S_IFREG:
                // No write permission bits counts as write-protected even for root, whom `access` always lets write.
                if access(path, W_OK) != 0 || info.st_mode & 0o222 == 0, !force {
                    throw TrackWriteError(file: path, message: "is write-protected; give --force to replace it")
                }
            default:
                throw TrackWriteError(file: path, message: "is neither a regular file nor a device; refusing to replace it")
            }
        } else if lstatSucceeds(path) {
            throw TrackWriteError(file: path, message: "is a symbolic link to a file that does not exist; refusing to replace it")
        }
        let target = resolved  // absolute, so its directory is never empty
        let directory = (target as NSString).deletingLastPathComponent
        let shownDirectory = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        var dirInfo = stat()
        guard stat(directory, &dirInfo) == 0, dirInfo.st_mode & S_IFMT == S_IFDIR else {
            throw TrackWriteError(file: path, message: "the directory \(shownDirectory) does not exist")
        }
        guard access(directory, W_OK | X_OK) == 0 else {
            throw TrackWriteError(file: path, message: "the directory \(shownDirectory) cannot be written: \(ErrnoText.current)")
        }
        return record(Output(path: path, role: role, destination: .file(target), id: planned.count), identity: identity, resolved: resolved)
    }

    /// The smallest block whose write-back ``stage(for:_:)`` starts as soon as it is written (bytes, 256 KiB), for
    /// an output synced on its own: a small output is synced whole at the end, in one request.
    static let writeBackSize = 256 << 10

    /// Holds `bytes` for `output`: a regular file's bytes go to its temporary file now (flushed to disk); standard
    /// output's and a device's wait for ``commit()``.
    public func stage(_ bytes: [UInt8], for output: Output) throws {
        try stage(for: output) { sink in try sink(bytes) }
    }

    /// Stages what `produce` hands to its sink, block by block: a regular file's blocks go straight to its
    /// temporary file, so a large output (a run report of every changed fix) is never held whole; standard
    /// output's and a device's are collected for ``commit()``.
    public func stage(for output: Output, _ produce: (_ sink: ([UInt8]) throws -> Void) throws -> Void) throws {
        guard planned.indices.contains(output.id), staged[output.id] == nil else {
            throw TrackWriteError(file: output.path, message: "was not planned, or was already staged")
        }
        guard case .file(let target) = output.destination else {
            var collected: [UInt8] = []
            try produce { collected += $0 }
            staged[output.id] = .bytes(collected)
            return
        }
        let name = (target as NSString).lastPathComponent
        let directory = (target as NSString).deletingLastPathComponent
        var template = Array((directory + "/." + name + ".tmp-XXXXXX").utf8CString)
        // Created and registered with the signals held back, so a SIGTERM between the two cannot leave the file.
        let (fd, tempPath, slot) = TemporaryFiles.withSignalsBlocked { () -> (Int32, String, Int) in
            let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let base = buffer.baseAddress else { return -1 }
                return mkstemp(base)
            }
            guard fd >= 0 else { return (fd, "", -1) }
            let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return (fd, path, TemporaryFiles.register(path))
        }
        guard fd >= 0 else {
            throw TrackWriteError(file: output.path, message: "cannot create a temporary file in \(directory): \(ErrnoText.current)")
        }
        var existing = stat()
        let mode: mode_t = stat(target, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644
        _ = fchmod(fd, mode)
        do {
            var offset = 0
            try produce { block in
                try FileDescriptorOutput.writeAll(block, to: fd, name: output.path, offset: offset)
                #if os(Linux)
                // To be synced below: the kernel starts writing each block back as it comes (a hint; the `fsync`
                // makes it durable), so the sync waits for the last blocks rather than the whole file. A 230 000-fix
                // run's 65 MB GPX: the `fsync` had kept the process 20–25 ms longer, waiting for the disk.
                if syncsEachFile, block.count >= Self.writeBackSize {
                    _ = sync_file_range(fd, offset, block.count, UInt32(TRACKPIPE_SYNC_FILE_RANGE_WRITE))
                }
                #endif
                offset += block.count
            }
            guard !syncsEachFile || fsync(fd) == 0 else { throw TrackWriteError(file: output.path, message: "writing failed: \(ErrnoText.current)") }
            #if os(Linux)
            // Not synced now (a batch syncs its file system once at the end, `FileSystemSync`): ask the kernel to
            // start writing it back already, so that final sync waits for the last outputs only rather than for all
            // of them. A hint, not a promise of durability. 500 batch outputs (290 MB) on this project's disk:
            // 0.79–0.90 → 0.84–1.02 M fixes/s (seven alternating rounds); on tmpfs no change.
            if !syncsEachFile { _ = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) }
            #endif
            guard close(fd) == 0 else { throw TrackWriteError(file: output.path, message: "closing failed: \(ErrnoText.current)") }
        } catch {
            close(fd)
            unlink(tempPath)
            TemporaryFiles.unregister(slot)
            throw error
        }
        staged[output.id] = .temporary(path: tempPath, slot: slot)
    }

    /// Puts every staged output in place: standard output and devices are written first, then every temporary
    /// file is renamed over its target and each directory is flushed once. Throws when an output was planned but
    /// not staged, or when a write or rename fails (outputs not yet renamed are then left untouched).
    public func commit() throws {
        guard !committed else { return }
        for output in planned where staged[output.id] == nil {
            throw TrackWriteError(file: output.path, message: "nothing was produced for \(output.role)")
        }
        for output in planned {
            guard case .bytes(let bytes)? = staged[output.id] else { continue }
            switch output.destination {
            case .standardOutput:
                try StandardOutput.write(bytes)
            case .writeThrough(let path):
                let fd = open(path, O_WRONLY | O_TRUNC)
                guard fd >= 0 else { throw TrackWriteError(file: output.path, message: "cannot be opened for writing: \(ErrnoText.current)") }
                defer { close(fd) }
                try FileDescriptorOutput.writeAll(bytes, to: fd, name: output.path)
            case .file:
                break
            }
        }
        var directories: Set<String> = []
        for output in planned {
            guard case .temporary(let temp, let slot)? = staged[output.id], case .file(let target) = output.destination else { continue }
            guard rename(temp, target) == 0 else {
                throw TrackWriteError(file: output.path, message: "cannot move the finished file into place: \(ErrnoText.current)")
            }
            TemporaryFiles.unregister(slot)
            staged[output.id] = .bytes([])
            directories.insert((target as NSString).deletingLastPathComponent)
        }
        committed = true
        // Make the renames themselves durable: one fsync per directory.
        for directory in directories where syncsEachFile {
            let fd = open(directory, O_RDONLY)
            if fd >= 0 {
                _ = fsync(fd)
                close(fd)
            }
        }
    }

    /// Adds `output` to the plan; a file's identity and resolved path (as they are now: nothing is written before
    /// every output is planned, so they do not change in between) to the index later outputs are checked against.
    private func record(_ output: Output, identity: FileIdentity? = nil, resolved: String? = nil) -> Output {
        if let resolved { plannedIndex.insert(output.id, identity: identity, resolved: resolved) }
        planned.append(output)
        return output
    }

    private func lstatSucceeds(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// True for the paths under which an existing regular file may stand for a descriptor (`/dev/stdout`,
    /// `/dev/fd/N`, `/proc/self/fd/N`): `/dev/` and `/proc/`, except `/dev/shm/`, an ordinary (memory) file system
    /// whose files are written by temporary file and rename like any other.
    static func isSystemPath(_ path: String) -> Bool {
        (path.hasPrefix("/dev/") && !path.hasPrefix("/dev/shm/")) || path.hasPrefix("/proc/")
    }

    /// The absolute path with symbolic links resolved (as far as they exist).
    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}

/// A file's device and inode: two paths with the same identity are the same file.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
