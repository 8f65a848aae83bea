import Foundation
import Testing
import TrackPipe
import TrackPipeIO

/// NMEA 0183: GGA and RMC from every talker, dates from RMC, checksums, invalid and missing fixes.
///
/// The sentences' checksums were computed with Python (`functools.reduce(lambda a, c: a ^ ord(c), body, 0)`
/// over the text between `$` and `*`), not with TrackPipe.
@Suite struct NMEAReaderTests {
    func nmea(_ lines: [String]) throws -> Track {
        try TrackText.read(lines.joined(separator: "\r\n") + "\r\n", .nmea, name: "test.nmea")
    }

    static let classicGGA = "$GPGGA,123519.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*69"
    static let classicRMC = "$GPRMC,123519.00,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*44"
    static let classicGSA = "$GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1*39"

    @Test func ggaAndRMCOfOneEpochMakeOneFix() throws {
        let t = try nmea([Self.classicGGA, Self.classicRMC, Self.classicGSA])
        #expect(t.fixes.count == 1 && t.rejected.isEmpty && t.sourceFormat == "nmea")
        let f = try #require(t.fixes.first)
        // 4807.038 N = 48° 7.038′; 01131.000 E = 11° 31′.
        #expect(abs(f.latitude - (48 + 7.038 / 60)) < 1e-12 && abs(f.longitude - (11 + 31.0 / 60)) < 1e-12)
        // Date 23 March 1994 from RMC, time 12:35:19 from both.
        #expect(f.time == utc(1994, 3, 23, 12, 35, 19))
        #expect(f.altitude == 545.4 && f.satellites == 8 && f.hdop == 0.9 && f.fixQuality == .threeD)
        // 22.4 knots = 22.4 × 1852 m / 3600 s.
        #expect(abs((f.speed ?? 0) - 22.4 * 1852 / 3600) < 1e-12 && f.course == 84.4)
        // PDOP and VDOP from GSA; HDOP stays GGA's.
        #expect(f.pdop == 2.5 && f.vdop == 2.1)
        #expect(f.horizontalAccuracy == 0.9 * Fix.hdopAccuracyFactor && f.horizontalAccuracyIsEstimated)
    }

    @Test func everyTalker() throws {
        let t = try nmea([
            "$GNGGA,123520.00,3351.000,S,15112.000,E,2,12,0.7,10.0,M,20.0,M,,*5E",
            "$GNRMC,123520.00,A,3351.000,S,15112.000,E,1.0,90.0,230394,,,D*6A",
            "$GLGGA,123521.00,4000.000,N,07400.000,W,1,05,1.5,5.0,M,0,M,,*49",
            "$GLRMC,123521.00,A,4000.000,N,07400.000,W,0.0,0.0,230394,,,A*5E",
            "$GAGGA,123522.00,4000.000,N,07400.000,W,4,20,0.5,5.0,M,0,M,,*44",
            "$GARMC,123522.00,A,4000.000,N,07400.000,W,0.0,0.0,230394,,,R*43",
            "$GBGGA,123523.00,4000.000,N,07400.000,W,5,20,0.5,5.0,M,0,M,,*47",
            "$GBRMC,123523.00,A,4000.000,N,07400.000,W,0.0,0.0,230394,,,F*55",
        ])
        #expect(t.fixes.count == 4 && t.rejected.isEmpty)
        // South and west are negative: 33° 51′ S, 151° 12′ E; 40° N, 74° W.
        #expect(abs(t.fixes[0].latitude - -(33 + 51.0 / 60)) < 1e-12 && abs(t.fixes[0].longitude - (151 + 12.0 / 60)) < 1e-12)
        #expect(t.fixes[1].latitude == 40 && t.fixes[1].longitude == -74)
        #expect(t.fixes.map(\.fixQuality) == [.dgps, .threeD, .rtkFixed, .rtkFloat])
        #expect(t.fixes.map(\.time) == (20...23).map { utc(1994, 3, 23, 12, 35, Double($0)) })
        #expect(t.fixes.map(\.sourceIndex) == [0, 1, 2, 3])
    }

    @Test func datesComeFromRMCAcrossMidnight() throws {
        let t = try nmea([
            "$GPGGA,235959.00,1000.000,N,02000.000,E,1,08,1.0,1.0,M,0,M,,*48",
            "$GPGGA,000000.00,1000.000,N,02000.000,E,1,08,1.0,1.0,M,0,M,,*49",
            "$GPRMC,000000.00,A,1000.000,N,02000.000,E,0.0,0.0,010124,,,A*5B",
            "$GPGGA,000001.00,1000.000,N,02000.000,E,1,08,1.0,1.0,M,0,M,,*48",
        ])
        // The GGA before the first RMC belongs to the day before (23:59:59 then 00:00:00 on 1 January 2024).
        #expect(t.fixes.map(\.time) == [utc(2023, 12, 31, 23, 59, 59), utc(2024, 1, 1, 0, 0, 0), utc(2024, 1, 1, 0, 0, 1)])
    }

    @Test func withoutRMCThereIsNoDateSoNoTime() throws {
        let t = try nmea([Self.classicGGA])
        #expect(t.fixes.count == 1 && t.fixes[0].time == nil && t.fixes[0].altitude == 545.4)
    }

    @Test func badChecksumIsSkippedAndCounted() throws {
        // The RMC's checksum changed from 44 to 45, and the second GGA's body altered (one digit) under its old sum.
        let t = try nmea([
            Self.classicGGA,
            "$GPRMC,123519.00,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*45",
            "$GPGGA,235959.00,1000.000,N,02000.000,E,1,08,1.0,2.0,M,0,M,,*48",
            "$GPGGA,000000.00,1000.000,N,02000.000,E,1,08,1.0,1.0,M,0,M,,*49",
            "$GPGGA,000001.00,1000.000,N,02000.000,E,1,08,1.0,1.0,M,0,M,,",
        ])
        #expect(t.fixes.count == 2)
        #expect(t.rejected.map(\.rule) == ["bad-checksum", "bad-checksum", "missing-checksum"])
        #expect(t.rejected.map(\.line) == [2, 3, 5])
        #expect(t.rejected[0].reason.contains("45") && t.rejected[0].reason.contains("44"))
        // Nothing from a bad sentence is used: the first fix has no date, as if the RMC were absent.
        #expect(t.fixes[0].time == nil && t.fixes[0].speed == nil)
        #expect(t.recordCount == 5)
    }

    @Test func invalidAndMissingPositions() throws {
        let t = try nmea([
            "$GPRMC,120000.00,V,1000.000,N,02000.000,E,0.0,0.0,010124,,,N*40",
            "$GPGGA,120001.00,,,,,0,00,99.9,,M,,M,,*5D",
            "$GPGGA,120002.00,1000.000,N,02000.000,E,1,08,1.0,1.0,M,0,M,,*48",
        ])
        // Status V: kept, marked invalid (negative accuracy) for the pipeline to drop visibly.
        #expect(t.fixes.count == 2)
        #expect(t.fixes[0].horizontalAccuracy == -1 && t.fixes[0].fixQuality == FixQuality.none)
        #expect(t.fixes[0].time == utc(2024, 1, 1, 12, 0, 0))
        // No position at all: a rejected record.
        #expect(t.rejected.count == 1 && t.rejected[0].rule == "no-fix" && t.rejected[0].line == 2 && t.rejected[0].sourceIndex == 1)
        #expect(t.fixes[1].time == utc(2024, 1, 1, 12, 0, 2) && t.fixes[1].sourceIndex == 2)
    }

    @Test func malformedAndOutOfRangePositions() throws {
        let t = try nmea([
            "$GPGGA,120003.00,4867.000,N,02000.000,E,1,08,1.0,1.0,M,0,M,,*45",  // 67 minutes
            "$GPGGA,120004.00,9100.000,N,02000.000,E,1,08,1.0,1.0,M,0,M,,*47",  // 91° N
            "$GPGGA,120005.00,1000.000,N,18100.000,W,1,08,1.0,1.0,M,0,M,,*57",  // 181° W
            "$GPGGA,120006.00,1000.000,X,02000.000,E,1,08,1.0,1.0,M,0,M,,*5A",  // hemisphere X
            "$GPGGA,120002.00,1000.000,N,02000.000,E,1,08,1.0,1.0,M,0,M,,*48",
        ])
        #expect(t.fixes.count == 1 && t.fixes[0].sourceIndex == 4)
        #expect(t.rejected.map(\.rule) == ["unparseable-coordinate", "latitude-out-of-range", "longitude-out-of-range",
                                           "unparseable-coordinate"])
        #expect(t.rejected.map(\.line) == [1, 2, 3, 4])
        #expect(t.rejected[0].reason.contains("4867.000") && t.rejected[3].reason.contains("N or S"))
    }

    @Test func prefixesAndOtherSentencesAreTolerated() throws {
        let t = try nmea([
            "2024-01-01 12:00:00.000 " + Self.classicGGA,
            "$GPGSV,3,1,11,03,03,111,00,04,15,270,00,06,01,010,00,13,06,292,00*74",
            "$PUBX,00,whatever",
            "garbage line",
            Self.classicRMC,
        ])
        #expect(t.fixes.count == 1 && t.rejected.isEmpty && t.fixes[0].time == utc(1994, 3, 23, 12, 35, 19))
    }

    @Test func noSentencesIsAnError() throws {
        let e = try #require(TrackText.error("hello\nworld\n", .nmea, name: "empty.nmea"))
        #expect(e.file == "empty.nmea" && e.message.contains("GGA"))
    }
}
