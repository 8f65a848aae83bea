import Foundation
import TestSupport
import Testing
@testable import TrackPipeIO

/// Outputs appear whole or not at all, in the target's directory, and never over an input.
@Suite struct AtomicFileWriterTests {
    func directory() throws -> URL {
        try Scratch.directory("atomic")
    }

    func names(_ dir: URL) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() }

    func permissions(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func writesANewFileWithNoTemporaryLeft() throws {
        let dir = try directory()
        let out = dir.appendingPathComponent("out.gpx").path
        try AtomicFileWriter.write(Array("hello".utf8), to: out)
        #expect(FileManager.default.contents(atPath: out) == Data("hello".utf8))
        #expect(try names(dir) == ["out.gpx"])
        #expect(try permissions(out) == 0o644)
    }

    /// Without its own fsync (a batch run's outputs) the file appears whole just the same; one sync of the
    /// directories' file system afterwards (each file system once) succeeds, and a directory that is not there is
    /// an error naming it.
    @Test func writtenWithoutItsOwnSyncThenSyncedTogether() throws {
        let dir = try directory()
        let sub = dir.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let a = dir.appendingPathComponent("a.gpx").path, b = sub.appendingPathComponent("b.gpx").path
        try AtomicFileWriter.write(to: a, sync: false) { sink in try sink(Array("one ".utf8)); try sink(Array("two".utf8)) }
        try AtomicFileWriter.write(Array("three".utf8), to: b)
        #expect(FileManager.default.contents(atPath: a) == Data("one two".utf8))
        #expect(FileManager.default.contents(atPath: b) == Data("three".utf8))
        #expect(try names(dir) == ["a.gpx", "sub"])
        try FileSystemSync.sync(directories: [dir.path, sub.path])
        let missing = dir.appendingPathComponent("missing").path
        #expect {
            try FileSystemSync.sync(directories: [missing])
        } throws: { error in
            "\(error)".contains(missing) && "\(error)".contains("cannot be opened")
        }
    }

    @Test func replacesAnOutputKeepingItsPermissions() throws {
        let dir = try directory()
        let out = dir.appendingPathComponent("out.csv").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: out))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: out)
        try AtomicFileWriter.write(Array("new and longer".utf8), to: out)
        #expect(FileManager.default.contents(atPath: out) == Data("new and longer".utf8))
        #expect(try permissions(out) == 0o600 && (try names(dir)) == ["out.csv"])
    }

    /// The same input named four ways: as it is, with `./` and `..`, through a symbolic link, and by a hard link.
    @Test func refusesToWriteOverAnInputHoweverItIsNamed() throws {
        let dir = try directory()
        let input = dir.appendingPathComponent("run.gpx").path
        let original = Data("<gpx/>".utf8)
        try original.write(to: URL(fileURLWithPath: input))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.gpx").path, withDestinationPath: input)
        try FileManager.default.linkItem(atPath: input, toPath: dir.appendingPathComponent("hard.gpx").path)
        let aliases = [input, dir.path + "/./sub/../run.gpx", dir.appendingPathComponent("link.gpx").path,
                       dir.appendingPathComponent("hard.gpx").path]
        for target in aliases {
            #expect(throws: TrackWriteError.self, "\(target)") {
                try AtomicFileWriter.write(Array("overwritten".utf8), to: target, protecting: [input])
            }
        }
        // And the other way round: the input named through the link, the output by its real path.
        #expect(throws: TrackWriteError.self) {
            try AtomicFileWriter.write(Array("overwritten".utf8), to: input, protecting: [dir.appendingPathComponent("link.gpx").path])
        }
        #expect(FileManager.default.contents(atPath: input) == original)
        #expect(try names(dir) == ["hard.gpx", "link.gpx", "run.gpx", "sub"])
    }

    @Test func theRefusalNamesTheInput() throws {
        let dir = try directory()
        let input = dir.appendingPathComponent("run.gpx").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: input))
        do {
            try AtomicFileWriter.write([], to: input, protecting: [input])
            Issue.record("wrote over its input")
        } catch let e as TrackWriteError {
            #expect(e.description.contains("refusing") && e.description.contains("run.gpx"))
        }
    }

    @Test func standardInputIsNotAFileToProtect() throws {
        let dir = try directory()
        let out = dir.appendingPathComponent("-").path
        try AtomicFileWriter.write(Array("x".utf8), to: out, protecting: ["-"])
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func aMissingDirectoryFailsAndCreatesNothing() throws {
        let dir = try directory()
        let out = dir.appendingPathComponent("no/such/dir/out.gpx").path
        #expect(throws: TrackWriteError.self) { try AtomicFileWriter.write(Array("x".utf8), to: out) }
        #expect(try names(dir).isEmpty)
    }

    @Test func aDirectoryTargetFailsAndLeavesNoTemporary() throws {
        let dir = try directory()
        let target = dir.appendingPathComponent("folder")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        #expect(throws: TrackWriteError.self) { try AtomicFileWriter.write(Array("x".utf8), to: target.path) }
        #expect(try names(dir) == ["folder"] && (try names(target)).isEmpty)
    }

    @Test func aDirectoryWhereNoFileCanBeCreatedFailsCleanly() throws {
        // /proc refuses new files even for root: mkstemp fails, the error says so, nothing is left.
        #expect(throws: TrackWriteError.self) { try AtomicFileWriter.write(Array("x".utf8), to: "/proc/trackpipe-test.gpx") }
        #expect(!FileManager.default.fileExists(atPath: "/proc/trackpipe-test.gpx"))
    }
}
