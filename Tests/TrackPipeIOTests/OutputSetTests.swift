import Foundation
import TestSupport
import Testing
import TrackPipeLab
@testable import TrackPipeIO

/// Every output of a command is checked before anything runs and committed together; devices are written
/// through, never renamed over; inputs, other outputs and write-protected files are refused.
@Suite struct OutputSetTests {
    func directory() throws -> URL {
        try Scratch.directory("outputset")
    }

    func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    func leftovers(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
    }

    @Test func refusesTwoOutputsThatAreOneFile() throws {
        let dir = try directory()
        let set = OutputSet(inputs: [])
        try set.plan(dir.appendingPathComponent("out.json").path, role: "the track")
        let error = try #require(throws: TrackWriteError.self) {
            try set.plan(dir.appendingPathComponent("x/../out.json").path, role: "the report")
        }
        #expect(error.message.contains("the report and the track"))
        try set.plan("-", role: "the drops")
        #expect(throws: TrackWriteError.self) { try set.plan("-", role: "the summary") }
    }

    @Test func refusesADirectoryASocketParentAndAMissingDirectoryBeforeWriting() throws {
        let dir = try directory()
        let set = OutputSet(inputs: [])
        #expect(throws: TrackWriteError.self) { try set.plan(dir.path, role: "the track") }
        #expect(throws: TrackWriteError.self) { try set.plan(dir.appendingPathComponent("missing/out.gpx").path, role: "the track") }
        #expect(throws: TrackWriteError.self) { try set.plan("", role: "the track") }
        let dangling = dir.appendingPathComponent("dangling.gpx")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: dir.appendingPathComponent("nowhere/x.gpx").path)
        #expect(throws: TrackWriteError.self) { try set.plan(dangling.path, role: "the track") }
    }

    /// A file with no write permission bits is refused (even for root, whom the kernel lets write anything);
    /// with `force` it is replaced and keeps its mode.
    @Test func writeProtectedNeedsForce() throws {
        let dir = try directory()
        let target = dir.appendingPathComponent("kept.gpx")
        try "old".write(to: target, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: target.path)
        let error = try #require(throws: TrackWriteError.self) { try OutputSet(inputs: []).plan(target.path, role: "the track") }
        #expect(error.message.contains("--force"))
        try AtomicFileWriter.write(Array("new".utf8), to: target.path, force: true)
        #expect(try contents(target) == "new")
        let mode = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
        #expect(mode == 0o444)
    }

    /// A file under `/dev/shm` (a memory file system, not a device) is replaced by temporary file and rename, as
    /// anywhere else, not written through in place like `/dev/stdout`.
    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/shm"), "needs a writable /dev/shm"))
    func aFileInDevShmIsReplacedAtomically() throws {
        let path = "/dev/shm/trackpipe-output-\(UUID().uuidString).gpx"
        defer { unlink(path) }
        try "before".write(toFile: path, atomically: false, encoding: .utf8)
        let set = OutputSet(inputs: [])
        let output = try set.plan(path, role: "the track")
        #expect(output.destination == .file(path))
        try set.stage(Array("after".utf8), for: output)
        try set.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "after")
        #expect(OutputSet.isSystemPath("/dev/stdout") && OutputSet.isSystemPath("/proc/self/fd/1"))
    }

    /// All outputs or none: a device that cannot take the bytes (`/dev/full`) fails the commit before any
    /// regular file is renamed into place, and no temporary file is left.
    @Test func aFailedOutputLeavesEveryOtherUntouched() throws {
        let dir = try directory()
        let existing = dir.appendingPathComponent("existing.gpx")
        try "before".write(to: existing, atomically: false, encoding: .utf8)
        let fresh = dir.appendingPathComponent("fresh.json")
        do {
            let set = OutputSet(inputs: [])
            let a = try set.plan(existing.path, role: "the track")
            let b = try set.plan(fresh.path, role: "the report")
            let c = try set.plan("/dev/full", role: "the drops")
            #expect(c.destination == .writeThrough("/dev/full"))
            try set.stage(Array("after".utf8), for: a)
            try set.stage(Array("{}".utf8), for: b)
            try set.stage(Array("drops".utf8), for: c)
            #expect(try leftovers(dir).count == 2)
            #expect(throws: TrackWriteError.self) { try set.commit() }
        }
        #expect(try contents(existing) == "before")
        #expect(!FileManager.default.fileExists(atPath: fresh.path))
        #expect(try leftovers(dir).isEmpty)
        #expect(TemporaryFiles.registered.allSatisfy { !$0.hasPrefix(dir.path) })
    }

    /// `/dev/null` and links to it are written through: the device node is still a character device after.
    @Test func devicesAreWrittenThroughNotRenamedOver() throws {
        let dir = try directory()
        let link = dir.appendingPathComponent("null.gpx")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/null")
        for path in ["/dev/null", link.path] {
            try AtomicFileWriter.write(Array("bytes".utf8), to: path)
        }
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        var linkInfo = stat()
        #expect(lstat(link.path, &linkInfo) == 0 && linkInfo.st_mode & S_IFMT == S_IFLNK)
    }

    /// A FIFO is opened and written, not replaced by a regular file.
    @Test func aFIFOIsWrittenThrough() throws {
        let dir = try directory()
        let fifo = dir.appendingPathComponent("pipe.gpx")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let received = ReceivedBytes()
        let reader = Thread {
            // Read to the end (FileManager.contents may stop at the FIFO's zero size and close it early).
            let data = FileHandle(forReadingAtPath: fifo.path)?.readDataToEndOfFile() ?? Data()
            received.set(data)
        }
        reader.start()
        try AtomicFileWriter.write(Array("through the pipe".utf8), to: fifo.path)
        for _ in 0..<200 where received.get() == nil { usleep(10_000) }
        #expect(received.get().map { String(decoding: $0, as: UTF8.self) } == "through the pipe")
        var info = stat()
        #expect(lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    /// A link to a regular file replaces the file it names and stays a link.
    @Test func aLinkToAFileStaysALink() throws {
        let dir = try directory()
        let real = dir.appendingPathComponent("real.gpx")
        try "old".write(to: real, atomically: false, encoding: .utf8)
        let link = dir.appendingPathComponent("link.gpx")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
        try AtomicFileWriter.write(Array("new".utf8), to: link.path)
        #expect(try contents(real) == "new")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == real.path)
    }

    /// Two paths of one file (a hard link: the same inode under another name) are refused, and the error names the
    /// first output or input planned that is that file — among hundreds of planned outputs.
    @Test func aHardLinkIsTheSameFileAndTheFirstSuchOutputIsNamed() throws {
        let dir = try directory()
        let input = dir.appendingPathComponent("in.gpx"), inputLink = dir.appendingPathComponent("in-link.gpx")
        try "x".write(to: input, atomically: false, encoding: .utf8)
        try FileManager.default.linkItem(at: input, to: inputLink)
        let set = OutputSet(inputs: [dir.appendingPathComponent("other.gpx").path, input.path])
        let overInput = try #require(throws: TrackWriteError.self) { try set.plan(inputLink.path, role: "the track") }
        #expect(overInput.message.contains("over the input \(input.path)"), "\(overInput.message)")
        let existing = dir.appendingPathComponent("existing.gpx"), link = dir.appendingPathComponent("existing-link.gpx")
        try "y".write(to: existing, atomically: false, encoding: .utf8)
        try FileManager.default.linkItem(at: existing, to: link)
        for i in 0..<300 { try set.plan(dir.appendingPathComponent("out-\(i).gpx").path, role: "output \(i)") }
        try set.plan(existing.path, role: "the existing one")
        try set.plan(dir.appendingPathComponent("later.gpx").path, role: "a later one")
        let twice = try #require(throws: TrackWriteError.self) { try set.plan(link.path, role: "the link") }
        #expect(twice.message.contains("the link and the existing one"), "\(twice.message)")
        let again = try #require(throws: TrackWriteError.self) { try set.plan(dir.appendingPathComponent("out-7.gpx").path, role: "a repeat") }
        #expect(again.message.contains("a repeat and output 7 "), "\(again.message)")
    }

    /// The index answers as comparing with every entry in order would: the same device and inode when both paths
    /// exist, else the same resolved path; the first such entry.
    @Test func thePathIndexFindsWhatComparingEveryEntryFinds() {
        var rng = SplitMix64(seed: 16)
        for _ in 0..<200 {
            var index = PathIndex()
            var entries: [(identity: FileIdentity?, resolved: String)] = []
            func random() -> (FileIdentity?, String) {
                let identity = rng.next() % 3 == 0 ? nil : FileIdentity(device: rng.next() % 2, inode: rng.next() % 4)
                return (identity, "/p/\(rng.next() % 6)")
            }
            for k in 0..<Int(rng.next() % 20) {
                let (identity, resolved) = random()
                index.insert(k, identity: identity, resolved: resolved)
                entries.append((identity, resolved))
            }
            for _ in 0..<20 {
                let (identity, resolved) = random()
                let expected = entries.firstIndex { other in
                    if let identity, let otherIdentity = other.identity { return identity == otherIdentity }
                    return resolved == other.resolved
                }
                #expect(index.first(sameAs: identity, resolved: resolved) == expected)
            }
        }
    }

    /// A set dropped without committing removes its temporary files and forgets them.
    @Test func discardingRemovesTemporaryFiles() throws {
        let dir = try directory()
        do {
            let set = OutputSet(inputs: [])
            let out = try set.plan(dir.appendingPathComponent("a.gpx").path, role: "the track")
            try set.stage(Array("x".utf8), for: out)
            #expect(try leftovers(dir).count == 1)
            #expect(TemporaryFiles.registered.contains { $0.hasPrefix(dir.path) })
            let unstaged = try set.plan(dir.appendingPathComponent("b.gpx").path, role: "the report")
            _ = unstaged
            #expect(throws: TrackWriteError.self) { try set.commit() }
        }
        #expect(try leftovers(dir).isEmpty)
        #expect(!TemporaryFiles.registered.contains { $0.hasPrefix(dir.path) })
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("a.gpx").path))
    }

    /// A file staged block by block, its large blocks' write-back started as each is written (`sync_file_range`),
    /// holds every block in order once committed — large and small, at offsets that are not page-aligned.
    @Test func largeBlocksArriveWhole() throws {
        let dir = try directory()
        let target = dir.appendingPathComponent("large.gpx")
        let set = OutputSet(inputs: [])
        let output = try set.plan(target.path, role: "the track")
        let sizes = [7, OutputSet.writeBackSize + 13, 1, 3 * OutputSet.writeBackSize, 4099]
        let blocks = sizes.enumerated().map { k, n in (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ k) } }
        try set.stage(for: output) { sink in
            for block in blocks { try sink(block) }
        }
        try set.commit()
        #expect(try Data(contentsOf: target) == Data(blocks.joined()))
    }
}

/// Bytes handed from a reader thread to the test.
final class ReceivedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    func get() -> Data? { lock.lock(); defer { lock.unlock() }; return data }
}
