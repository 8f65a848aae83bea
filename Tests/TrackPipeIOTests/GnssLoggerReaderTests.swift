import Foundation
import Testing
import TrackPipe
import TrackPipeIO

/// Android GnssLogger text: `Fix,` lines under the v1.4 layout or the log's own `# Fix,…` header.
@Suite struct GnssLoggerReaderTests {
    func log(_ text: String) throws -> Track { try TrackText.read(text, .gnsslogger, name: "gnss_log.txt") }

    static let v14 = """
        # 
        # Header Description:
        # 
        # Version: v1.4.0.0 Platform: 7.0 Manufacturer: Google Model: Pixel
        # 
        # Raw,ElapsedRealtimeMillis,TimeNanos
        # Fix,Provider,Latitude,Longitude,Altitude,Speed,Accuracy,(UTC)TimeInMs
        # 
        Raw,123,456
        Fix,gps,37.422541,-122.081659,-33.000000,0.000000,3.000000,1467321969000
        Nav,1,2,3
        Fix,network,37.4226,-122.0817,0.0,0.0,20.0,1467321970500
        """

    @Test func v14FixLines() throws {
        let t = try log(Self.v14)
        #expect(t.fixes.count == 2 && t.rejected.isEmpty && t.sourceFormat == "gnsslogger")
        let f = t.fixes[0], n = t.fixes[1]
        #expect(f.latitude == 37.422541 && f.longitude == -122.081659 && f.altitude == -33 && f.speed == 0)
        // (UTC)TimeInMs 1467321969000 = 2016-06-30T21:26:09Z.
        #expect(f.horizontalAccuracy == 3 && f.time == utc(2016, 6, 30, 21, 26, 9) && f.verticalAccuracy == nil)
        // A network (cell/Wi-Fi) fix without vertical accuracy is marked "no GPS altitude".
        #expect(n.verticalAccuracy == -1 && n.time == 1_467_321_970.5 && n.horizontalAccuracy == 20)
        #expect(t.fixes.map(\.sourceIndex) == [0, 1])
    }

    @Test func crlfLineEndsReadLikeLF() throws {
        let t = try log(Self.v14.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(t.fixes.count == 2 && t.rejected.isEmpty)
        #expect(t.fixes.map(\.time) == [1_467_321_969, 1_467_321_970.5])
    }

    @Test func newerHeaderNamesAndColumnOrder() throws {
        let t = try log("""
            # Fix,Provider,LatitudeDegrees,LongitudeDegrees,AltitudeMeters,SpeedMps,AccuracyMeters,BearingDegrees,UnixTimeMillis,SpeedAccuracyMps,BearingAccuracyDegrees,elapsedRealtimeNanos,VerticalAccuracyMeters
            Fix,GPS,51.5,-0.1,30.5,1.25,4.5,180.0,1700000000250,0.5,10,123456789,6.5
            Fix,NLP,51.6,-0.2,,,25,,1700000001000,,,,
            """)
        #expect(t.fixes.count == 2)
        let f = t.fixes[0]
        #expect(f.latitude == 51.5 && f.longitude == -0.1 && f.altitude == 30.5 && f.speed == 1.25)
        #expect(f.horizontalAccuracy == 4.5 && f.course == 180 && f.time == 1_700_000_000.25 && f.verticalAccuracy == 6.5)
        #expect(t.fixes[1].altitude == nil && t.fixes[1].speed == nil && t.fixes[1].time == 1_700_000_001)
    }

    @Test func aBadFixLineIsARejectedRecord() throws {
        let t = try log("""
            Fix,gps,37.4,-122.0,0,0,3,1467321969000
            Fix,gps,97.4,-122.0,0,0,3,1467321970000
            Fix,gps,abc,-122.0,0,0,3,1467321971000
            Fix,gps,37.4,-122.0,0,0,3,tomorrow
            Fix,gps
            Fix,gps,37.4,-122.0,0,0,3,1467321973000
            """)
        #expect(t.fixes.map(\.sourceIndex) == [0, 5])
        #expect(t.rejected.map(\.rule) == ["latitude-out-of-range", "unparseable-coordinate", "unparseable-time", "missing-coordinate"])
        #expect(t.rejected.map(\.line) == [2, 3, 4, 5])
    }

    @Test func noFixLinesIsAnError() throws {
        let e = try #require(TrackText.error("# Header\nRaw,1,2\n", .gnsslogger, name: "raw_only.txt"))
        #expect(e.file == "raw_only.txt" && e.message.contains("Fix"))
    }
}
