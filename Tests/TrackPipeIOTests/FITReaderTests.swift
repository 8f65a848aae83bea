import Foundation
import Testing
import TestSupport
import TrackPipe
@testable import TrackPipeIO

/// The FIT reader against an independent decoding (python-fitparse 1.2.0's dump of the Fenix 2 run, made when the
/// file was collected), and against corruption.
@Suite struct FITReaderTests {
    static func fenix2() throws -> (fit: [UInt8], csv: [[String]]) {
        let fit = try TrackReader.readFile(try TestData.real("fenix2-run-fit/activity-small-fenix2-run.fit"))
        let text = try String(contentsOfFile: try TestData.real("fenix2-run-fit/activity-small-fenix2-run.derived.csv"), encoding: .utf8)
        let rows = text.split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        return (fit, rows)
    }

    @Test func everyRecordOfTheFenix2RunMatchesTheIndependentDecoding() throws {
        let (fit, rows) = try Self.fenix2()
        let activity = try fit.withUnsafeBufferPointer { try FITReader.activity($0, sourceName: "fenix2.fit") }
        let fixes = activity.track.fixes
        #expect(rows.count == 2809)
        #expect(fixes.count == rows.count && activity.track.rejected.isEmpty)
        #expect(activity.recordDistances.count == rows.count)
        let iso = ISO8601DateFormatter()
        for (k, (fix, row)) in zip(fixes, rows).enumerated() {
            #expect(fix.sourceIndex == k)
            #expect(fix.time == iso.date(from: row[0])!.timeIntervalSince1970, "record \(k)")
            // fitparse printed degrees to 7 decimals: within half a unit of the 7th decimal.
            #expect(abs(fix.latitude - Double(row[1])!) <= 0.5e-7 + 1e-12, "record \(k)")
            #expect(abs(fix.longitude - Double(row[2])!) <= 0.5e-7 + 1e-12, "record \(k)")
            #expect(abs(fix.altitude! - Double(row[3])!) < 1e-9, "record \(k)")
            #expect(abs(fix.speed! - Double(row[4])!) < 1e-9, "record \(k)")
            #expect(abs(activity.recordDistances[k]! - Double(row[5])!) < 1e-9, "record \(k)")
            #expect(fix.heartRate == (row[6].isEmpty ? nil : Double(row[6])!), "record \(k)")
            #expect(fix.cadence == Double(row[7])!, "record \(k)")
            #expect(fix.segment == 0)
        }
        // activity-small-fenix2-run.events.txt: session sport running, total_distance 9008.22; one timer start
        // and a final stop_all, so no pause.
        #expect(activity.track.activity == .running)
        #expect(abs(activity.sessionDistance! - 9008.22) < 1e-9)
        #expect(activity.timerPauses.isEmpty)
        #expect(activity.track.sourceFormat == "fit")
    }

    @Test func formatIsRecognisedByExtensionAndContent() throws {
        let (fit, _) = try Self.fenix2()
        #expect(TrackFormat(pathExtension: "ride.FIT") == .fit)
        #expect(TrackFormat.sniff(fit) == .fit)
        let track = try TrackReader.read(bytes: fit, sourceName: "-")
        #expect(track.fixes.count == 2809)
        #expect(throws: TrackWriteError.self) { try TrackWriter.encode(track, format: .fit) }
    }

    /// A prefix of the file is never a FIT file: the declared data size or the CRC says so, at a byte offset.
    @Test func everyTruncationIsAnErrorNamingAByteOffset() throws {
        let small = try Self.smallFile()
        for length in 1..<small.count {
            let prefix = Array(small[0..<length])
            do {
                _ = try prefix.withUnsafeBufferPointer { try FITReader.read($0, sourceName: "cut.fit") }
                Issue.record("a \(length)-byte prefix was read")
            } catch let error as TrackReadError {
                #expect(error.message.hasPrefix("byte "), "\(error)")
            }
        }
    }

    /// CRC-16 detects every error confined to 16 consecutive bits, so changing any one byte of the file is
    /// found: an error, never a trap and never a silently different track.
    @Test func everySingleByteChangeIsAnError() throws {
        let small = try Self.smallFile()
        for offset in 0..<small.count {
            for delta: UInt8 in [0x01, 0x80, 0xFF] {
                var bad = small
                bad[offset] ^= delta
                #expect(throws: TrackReadError.self, "byte \(offset) ^ \(delta)") {
                    try bad.withUnsafeBufferPointer { try FITReader.read($0, sourceName: "flipped.fit") }
                }
            }
        }
    }

    @Test func anAbsurdDataSizeIsAnErrorNotAnAllocation() throws {
        var bad = try Self.smallFile()
        bad[4] = 0xFF; bad[5] = 0xFF; bad[6] = 0xFF; bad[7] = 0x7F
        #expect(throws: TrackReadError.self) { try bad.withUnsafeBufferPointer { try FITReader.read($0, sourceName: "x.fit") } }
    }

    /// The Fenix 2 file cut after its first 60 data records (definitions included), with the header's data size
    /// and both CRCs recomputed: a small valid FIT file for the corruption tests.
    static func smallFile() throws -> [UInt8] {
        let (fit, _) = try fenix2()
        let headerSize = Int(fit[0])
        var cut = headerSize
        var definitions = [Int: Int]()  // local type → data size
        var records = 0
        while records < 60 {
            let header = fit[cut]
            if header & 0x40 != 0 {
                let count = Int(fit[cut + 5])
                var size = 0
                for f in 0..<count { size += Int(fit[cut + 6 + 3 * f + 1]) }
                definitions[Int(header & 0x0F)] = size
                cut += 6 + 3 * count
            } else {
                let local = header & 0x80 != 0 ? Int((header >> 5) & 3) : Int(header & 0x0F)
                cut += 1 + definitions[local]!
                records += 1
            }
        }
        var out = Array(fit[0..<cut])
        let dataSize = UInt32(cut - headerSize)
        for k in 0..<4 { out[4 + k] = UInt8(truncatingIfNeeded: dataSize >> (8 * UInt32(k))) }
        if headerSize >= 14 {
            let crc = Array(out[0..<12]).withUnsafeBufferPointer { FITCRC.update(0, $0) }
            out[12] = UInt8(crc & 0xFF); out[13] = UInt8(crc >> 8)
        }
        let crc = out.withUnsafeBufferPointer { FITCRC.update(0, $0) }
        out += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        #expect(try out.withUnsafeBufferPointer { try FITReader.read($0, sourceName: "small.fit") }.recordCount > 0)
        return out
    }
}
