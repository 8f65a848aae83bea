import Foundation
import Testing
import TestSupport
import TrackPipe
import TrackPipeLab
@testable import TrackPipeIO

/// gzip input: compressed with the system's `gzip` (an independent compressor), every format reads back the
/// same track as the plain file; damaged streams are errors.
@Suite struct GzipTests {
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let (status, output) = try system(["-c", "-n"], bytes)
        #expect(status == 0)
        return output
    }

    /// What the system's `gzip` with `arguments` prints for `bytes` on its standard input, and its exit status.
    static func system(_ arguments: [String], _ bytes: [UInt8]) throws -> (status: Int32, output: [UInt8]) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/gzip")
        p.arguments = arguments
        let inPipe = Pipe(), outPipe = Pipe()
        p.standardInput = inPipe
        p.standardOutput = outPipe
        p.standardError = Pipe()
        try p.run()
        let writer = Thread {
            inPipe.fileHandleForWriting.write(Data(bytes))
            try? inPipe.fileHandleForWriting.close()
        }
        writer.start()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, [UInt8](out))
    }

    static let files = [
        "applewatch-run/myfile_multseg.gpx",
        "fenix2-run-fit/activity-small-fenix2-run.fit",
        "fenix2-run-fit/activity-small-fenix2-run.derived.csv",
        "f9k-rtk-drive/MTV.Local1.ublox-F9K.20200206-181434.nmea",
    ]

    @Test(arguments: files)
    func aCompressedFileReadsAsThePlainOne(_ relative: String) throws {
        let path = try TestData.real(relative)
        let plain = try TrackReader.read(path: path)
        let compressed = try Self.gzip(try TrackReader.readFile(path))
        let dir = try Scratch.directory("gzip")
        defer { try? FileManager.default.removeItem(at: dir) }
        // By name (the extension before .gz), and without a telling name (by content).
        let named = dir.appendingPathComponent((path as NSString).lastPathComponent + ".gz")
        let anonymous = dir.appendingPathComponent("download")
        try Data(compressed).write(to: named)
        try Data(compressed).write(to: anonymous)
        #expect(try TrackReader.read(path: named.path).fixes == plain.fixes)
        #expect(try TrackReader.read(path: anonymous.path).fixes == plain.fixes)
    }

    @Test func membersOneAfterAnotherAreTheirConcatenation() throws {
        let a = Array("time,lat,lon\n2024-01-01T00:00:00Z,51.5,-0.1\n".utf8)
        let b = Array("2024-01-01T00:00:01Z,51.5001,-0.1\n".utf8)
        let both = try Self.gzip(a) + Self.gzip(b)
        #expect(try Gzip.decompress(both, sourceName: "x.gz") == a + b)
        #expect(try TrackReader.read(bytes: both, sourceName: "x.csv.gz").fixes.count == 2)
    }

    @Test func everyTruncationIsAnError() throws {
        let compressed = try Self.gzip(try TrackReader.readFile(try TestData.real("applewatch-run/myfile_multseg.gpx")))
        for length in stride(from: 2, to: compressed.count, by: max(1, compressed.count / 400)) {
            #expect(throws: TrackReadError.self, "\(length) bytes") {
                try Gzip.decompress(Array(compressed[0..<length]), sourceName: "cut.gz")
            }
        }
    }

    @Test func corruptDataAndTrailingGarbageAreErrors() throws {
        var compressed = try Self.gzip(Array(String(repeating: "time,lat,lon\n", count: 100).utf8))
        let good = compressed
        compressed[12] ^= 0xFF
        #expect(throws: TrackReadError.self) { try Gzip.decompress(compressed, sourceName: "bad.gz") }
        #expect(throws: TrackReadError.self) { try Gzip.decompress(good + [1, 2, 3], sourceName: "tail.gz") }
        #expect(try Gzip.decompress(good + [0, 0, 0], sourceName: "padded.gz").count == 1300)
    }

    @Test func outputBeyondTheLimitIsAnErrorNotAnAllocation() throws {
        // 10 MB of zeros compress to about 10 kB: a small bomb.
        let bomb = try Self.gzip([UInt8](repeating: 0, count: 10_000_000))
        #expect(bomb.count < 20_000)
        do {
            _ = try Gzip.decompress(bomb, sourceName: "bomb.gz", limit: 1_000_000)
            Issue.record("the limit was not enforced")
        } catch let error as TrackReadError {
            #expect(error.message.contains("more than 1000000 bytes"))
        }
    }

    /// What `gzip -dc` (the system's decompressor) makes of `bytes`.
    static func gunzip(_ bytes: [UInt8]) throws -> (status: Int32, output: [UInt8]) { try system(["-dc"], bytes) }

    @Test(arguments: [0, 1, 13, 200_000])
    func outputNamedGzIsWhatTheSystemGzipDecompresses(_ size: Int) throws {
        var rng = SplitMix64(seed: UInt64(size) &+ 5)
        // Text-like bytes (compressible) with random runs.
        let bytes = (0..<size).map { _ in UInt8(ascii: "a") &+ UInt8.random(in: 0..<8, using: &rng) }
        let compressed = try Gzip.compress(bytes, target: "x.gz")
        #expect(Gzip.isGzip(compressed) || size == 0 && Gzip.isGzip(compressed))
        let (status, output) = try Self.gunzip(compressed)
        #expect(status == 0 && output == bytes)
        #expect(try Gzip.decompress(compressed, sourceName: "x.gz") == bytes)
    }

    @Test func trackWriterCompressesATargetNamedGz() throws {
        let track = try TrackReader.read(path: try TestData.real("applewatch-run/myfile_multseg.gpx"))
        let plain = try TrackWriter.encode(track, format: .gpx, target: "out.gpx")
        let packed = try TrackWriter.encode(track, format: .gpx, target: "out.GPX.GZ")
        #expect(packed.count < plain.count / 4)
        #expect(try Self.gunzip(packed).output == plain)
    }
}
