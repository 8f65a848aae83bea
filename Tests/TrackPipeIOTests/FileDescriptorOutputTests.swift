import Foundation
import TestSupport
import Testing
@testable import TrackPipeIO

/// A failed write names the target and how far it got: in bytes of the call for one whole document, in bytes of
/// the output for a block of an output written block by block (`OutputSet.stage(for:_:)`).
@Suite struct FileDescriptorOutputTests {
    @Test func aFailedWriteCountsTheOutputsBytes() throws {
        let path = try Scratch.path("out").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)  // writing to it fails at once (EBADF)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(throws: TrackWriteError(file: "out.gpx", message: "writing failed after 0 of 3 bytes: \(String(cString: strerror(EBADF)))")) {
            try FileDescriptorOutput.writeAll([1, 2, 3], to: fd, name: "out.gpx")
        }
        #expect(throws: TrackWriteError(file: "out.gpx", message: "writing failed after 524288 bytes: \(String(cString: strerror(EBADF)))")) {
            try FileDescriptorOutput.writeAll([1, 2, 3], to: fd, name: "out.gpx", offset: 524_288)
        }
    }
}
