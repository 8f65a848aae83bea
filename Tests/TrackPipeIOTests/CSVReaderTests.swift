import Foundation
import Testing
import TrackPipe
import TrackPipeIO

/// CSV with a header row: aliases, case, delimiters, time forms, unknown columns, quoting.
@Suite struct CSVReaderTests {
    func csv(_ text: String) throws -> Track { try TrackText.read(text, .csv, name: "test.csv") }

    /// Each header spelling and the field it must fill.
    @Test(arguments: [
        ("time,lat,lon", "2024-05-18T10:00:00Z,51.5,-0.1"),
        ("timestamp,latitude,longitude", "2024-05-18T10:00:00Z,51.5,-0.1"),
        ("Time,LAT,Lng", "2024-05-18T10:00:00Z,51.5,-0.1"),
        ("unix_time,Latitude,LONGITUDE", "1716026400,51.5,-0.1"),
        ("epoch,lat,long", "1716026400,51.5,-0.1"),
        ("unix_time_ms,lat,lon", "1716026400000,51.5,-0.1"),
        ("Timestamp (UTC),Latitude (deg),Longitude (deg)", "2024-05-18 10:00:00,51.5,-0.1"),
        ("time;lat;lon", "2024-05-18T12:00:00+02:00;51.5;-0.1"),
        ("time\tlat\tlon", "2024-05-18T10:00:00.000Z\t51.5\t-0.1"),
    ])
    func timeAndPositionAliases(_ header: String, _ row: String) throws {
        let t = try csv(header + "\n" + row + "\n")
        let f = try #require(t.fixes.first, "\(header)")
        // 2024-05-18T10:00:00Z = 1716026400 s (Foundation calendar, see utc()).
        #expect(f.time == utc(2024, 5, 18, 10, 0, 0) && f.time == 1_716_026_400, "\(header)")
        #expect(f.latitude == 51.5 && f.longitude == -0.1, "\(header)")
    }

    @Test func optionalFieldAliases() throws {
        let t = try csv("""
            lat,lon,ALT,Accuracy,vAcc,Speed,bearing,HDOP,vdop,pdop,sats,fix_type,Heart Rate,cadence,temp,segment,paused
            1,2,100.5,4.5,6,3.2,270,1.1,1.2,1.3,9,dgps,150,85,-3.5,2,true
            """)
        let f = try #require(t.fixes.first)
        #expect(f.altitude == 100.5 && f.horizontalAccuracy == 4.5 && !f.horizontalAccuracyIsEstimated)
        #expect(f.verticalAccuracy == 6 && f.speed == 3.2 && f.course == 270)
        #expect(f.hdop == 1.1 && f.vdop == 1.2 && f.pdop == 1.3 && f.satellites == 9 && f.fixQuality == .dgps)
        #expect(f.heartRate == 150 && f.cadence == 85 && f.temperature == -3.5 && f.segment == 2 && f.paused)
    }

    @Test(arguments: ["ele", "elevation", "altitude", "Altitude_m", "height"])
    func altitudeAliases(_ name: String) throws {
        #expect(try csv("lat,lon,\(name)\n1,2,7.25\n").fixes.first?.altitude == 7.25)
    }

    @Test(arguments: ["accuracy", "horizontal_accuracy", "hAcc", "HorizontalAccuracy", "accuracy_m"])
    func accuracyAliases(_ name: String) throws {
        #expect(try csv("lat,lon,\(name)\n1,2,3.5\n").fixes.first?.horizontalAccuracy == 3.5)
    }

    @Test func unknownColumnsAreIgnored() throws {
        let t = try csv("""
            id,note,lat,device_distance_m,lon,comment
            17,"hello, world",1.5,123.4,2.5,anything
            """)
        #expect(t.fixes.count == 1 && t.rejected.isEmpty)
        #expect(t.fixes[0].latitude == 1.5 && t.fixes[0].longitude == 2.5)
        #expect(t.fixes[0].altitude == nil && t.fixes[0].time == nil)
    }

    @Test func emptyCellsAreUnknownNotZero() throws {
        let t = try csv("time,lat,lon,ele,speed\n,1,2,,\n")
        let f = try #require(t.fixes.first)
        #expect(f.time == nil && f.altitude == nil && f.speed == nil)
    }

    @Test func spacesAroundCellsAreIgnored() throws {
        let t = try csv("time , lat , lon , fix , paused\n 2024-05-18T10:00:00Z ,\t51.5\t, -0.1 , 3d ,  true \n  ,  , 2,,\n")
        let f = try #require(t.fixes.first)
        #expect(f.time == 1_716_026_400 && f.latitude == 51.5 && f.longitude == -0.1 && f.fixQuality == .threeD && f.paused)
        // A cell of spaces is empty: the second row has no latitude.
        #expect(t.rejected.map(\.rule) == ["missing-coordinate"] && t.rejected.first?.reason.contains("latitude") == true)
    }

    @Test func isoTimeWinsOverUnixColumns() throws {
        // Both present and disagreeing: the ISO 8601 column is used.
        let t = try csv("unix_time,time,lat,lon\n0,2024-05-18T10:00:00Z,1,2\n")
        #expect(t.fixes.first?.time == 1_716_026_400)
    }

    @Test func fractionalUnixSecondsAndTimes() throws {
        let t = try csv("unix_time,lat,lon\n1716026400.25,1,2\n1716026400.5,1,2\n")
        #expect(t.fixes.map(\.time) == [1_716_026_400.25, 1_716_026_400.5])
        let iso = try csv("time,lat,lon\n2024-05-18T10:00:00.125Z,1,2\n")
        #expect(iso.fixes.first?.time == 1_716_026_400.125)
    }

    @Test func commentsBeforeTheHeaderCRLFAndBOM() throws {
        let text = "\u{FEFF}# exported by something\r\n# second comment,\"an unbalanced quote; a tab\there\r\nlat,lon,time\r\n1,2,2024-05-18T10:00:00Z\r\n\r\n3,4,\r\n"
        let t = try csv(text)
        #expect(t.fixes.count == 2 && t.rejected.isEmpty)
        #expect(t.fixes.map(\.latitude) == [1, 3] && t.fixes.map(\.sourceIndex) == [0, 1])
        #expect(t.fixes[0].time == 1_716_026_400)
    }

    @Test func quotedFields() throws {
        let t = try csv("lat,lon,name\n\"1.5\",\"2.5\",\"a \"\"quoted\"\", multi\nline name\"\n3,4,x\n")
        #expect(t.fixes.map(\.latitude) == [1.5, 3] && t.rejected.isEmpty)
    }

    @Test func hdopOnlyIsEstimated() throws {
        let t = try csv("lat,lon,hdop\n1,2,1.5\n")
        #expect(t.fixes.first?.horizontalAccuracy == 1.5 * Fix.hdopAccuracyFactor && t.fixes.first?.horizontalAccuracyIsEstimated == true)
    }

    @Test func headerOnlyIsAnEmptyTrack() throws {
        let t = try csv("time,lat,lon\n")
        #expect(t.fixes.isEmpty && t.rejected.isEmpty)
    }

    @Test(arguments: ["time,lon\n2024-05-18T10:00:00Z,2\n", "time,latitude\nx,1\n", "a,b,c\n1,2,3\n"])
    func missingRequiredColumnsIsAnError(_ text: String) throws {
        let e = try #require(TrackText.error(text, .csv, name: "no-columns.csv"))
        #expect(e.file == "no-columns.csv" && e.line == 1)
        #expect(e.message.contains("column") && (e.message.contains("latitude") || e.message.contains("longitude")))
        #expect(e.description.hasPrefix("no-columns.csv:1:"))
    }
}
