import Foundation
import TestSupport
import Testing
@testable import TrackPipeIO

/// A regular file of 8 MiB or more is read in one part per core (`FileDescriptorInput.readInParts`): the same
/// bytes as one read in order, from where the descriptor stands, which it leaves at the end so that bytes the file
/// gains after its size was taken are still read.
@Suite struct FileDescriptorInputTests {
    /// 9 MiB + 7 bytes that differ from position to position (a part put in the wrong place would show).
    static func pattern(count: Int) -> [UInt8] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    @Test func aLongFileReadsAsItIs() throws {
        let bytes = Self.pattern(count: (9 << 20) + 7)
        #expect(bytes.count >= FileDescriptorInput.parallelThreshold)
        let path = try Scratch.path("long.bin").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try FileDescriptorInput.readFile(path) == bytes)
    }

    @Test func aDescriptorIsReadFromWhereItStandsToTheEnd() throws {
        let bytes = Self.pattern(count: (9 << 20) + 7)
        let path = try Scratch.path("offset.bin").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        // Standard input redirected from a file that something read the start of: the rest, as `read` gives it.
        #expect(lseek(fd, 1000, SEEK_SET) == 1000)
        let rest = try FileDescriptorInput.readAll(fd, name: "standard input")
        #expect(rest.count == bytes.count - 1000)
        #expect(rest == Array(bytes[1000...]))
        // Left at the end: nothing more to read.
        var one: UInt8 = 0
        #expect(read(fd, &one, 1) == 0)
    }
}
