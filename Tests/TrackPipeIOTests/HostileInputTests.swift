import Foundation
import Testing
import TrackPipe
import TrackPipeLab
import TrackPipeIO

/// Bad input: whole-file problems are a ``TrackReadError`` naming the file and the place; one bad record in a
/// good file is a ``TrackPipe/RejectedRecord`` with its reason, and the rest reads on. Never a trap.
@Suite struct HostileInputTests {
    static let header = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"x\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"

    // MARK: Whole-file errors

    @Test func truncatedXML() throws {
        let text = Self.header + "<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><ele>3</ele></trkpt>\n<trkpt lat=\"1\" lo"
        let e = try #require(TrackText.error(text, .gpx, name: "truncated.gpx"))
        #expect(e.file == "truncated.gpx")
        #expect(e.line == 5, "\(e)")  // the document ends on line 5
        #expect(e.column != nil && e.message.contains("malformed XML"))
        #expect(e.description.hasPrefix("truncated.gpx:5:"))
    }

    @Test func mismatchedTagNamesTheLine() throws {
        let text = Self.header + "<trk>\n<trkseg>\n</trk>\n</gpx>\n"
        let e = try #require(TrackText.error(text, .gpx, name: "mismatch.gpx"))
        #expect(e.line == 5 && e.message.contains("malformed XML"), "\(e)")
    }

    @Test func garbageAfterAGoodPrefix() throws {
        let text = Self.header + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"/>\n<<<>>> & </trkseg></trk></gpx>"
        let e = try #require(TrackText.error(text, .gpx, name: "garbage.gpx"))
        #expect(e.line == 4, "\(e)")
    }

    @Test(arguments: ["<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document/></kml>", "<html><body/></html>",
                      "<?xml version=\"1.0\"?>\n\n<TrainingCenterDatabase/>"])
    func nonGPXRoot(_ text: String) throws {
        let e = try #require(TrackText.error(text, .gpx, name: "other.xml"))
        #expect(e.file == "other.xml" && e.message.contains("expected <gpx>") && e.line != nil, "\(e)")
    }

    @Test(arguments: TrackFormat.allCases)
    func emptyFile(_ format: TrackFormat) throws {
        let e = try #require(TrackText.error("", format, name: "empty.\(format.fileExtension)"))
        #expect(e.file == "empty.\(format.fileExtension)" && e.message.contains("empty"))
    }

    @Test func emptyFileWithoutAFormat() throws {
        let e = try #require(TrackText.error("", nil, name: "-"))
        #expect(e.file == "-" && e.message.contains("empty"))
    }

    @Test(arguments: [TrackFormat.gpx, .csv, .geojson, .nmea, .gnsslogger])
    func whitespaceOnly(_ format: TrackFormat) throws {
        let e = try #require(TrackText.error("  \n\n\t \r\n", format, name: "blank"))
        #expect(e.file == "blank")
    }

    /// Deterministic binary noise, with and without NUL bytes, read under every format and none.
    @Test(arguments: [nil, TrackFormat.gpx, .csv, .geojson, .nmea, .gnsslogger])
    func binaryGarbage(_ format: TrackFormat?) throws {
        var rng = SplitMix64(seed: 0xBAD_F00D)
        for size in [1, 7, 100, 4096, 70_000] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &rng) }
            do {
                let t = try TrackReader.read(bytes: bytes, format: format, sourceName: "noise.bin")
                // If something reads, it must not invent fixes out of noise.
                #expect(t.fixes.isEmpty, "\(size) bytes as \(String(describing: format))")
            } catch let e as TrackReadError {
                #expect(e.file == "noise.bin" && !e.message.isEmpty)
            }
        }
    }

    @Test func binaryIsNotSniffedAsAnything() throws {
        let e = try #require(TrackText.error("\u{0}\u{1}\u{2}PK\u{3}\u{4}", nil, name: "archive.zip"))
        #expect(e.message.contains("cannot tell the format"))
        // Flagged as such, so the CLI can add its --from hint; the library's own message names no flag.
        #expect(e.formatUnknown)
        #expect(!e.message.contains("--"))
    }

    @Test func aReadErrorOfAnyOtherKindIsNotFormatUnknown() throws {
        let e = try #require(TrackText.error("time,speed\n2024-05-18T10:00:00Z,3\n", .csv, name: "speeds.csv"))
        #expect(!e.formatUnknown)
    }

    @Test func csvWithoutCoordinateColumns() throws {
        let e = try #require(TrackText.error("time,speed\n2024-05-18T10:00:00Z,3\n", .csv, name: "speeds.csv"))
        #expect(e.description.hasPrefix("speeds.csv:1:1: ") && e.message.contains("latitude"))
    }

    @Test func jsonSyntaxError() throws {
        let e = try #require(TrackText.error("{\"type\": \"FeatureCollection\",\n \"features\": [ }", .geojson, name: "broken.geojson"))
        #expect(e.file == "broken.geojson" && e.message.contains("not valid JSON"))
        // The stray `}` is on line 2, column 15.
        #expect(e.line == 2 && e.column == 15, "\(e)")
    }

    // MARK: One bad record in a good file

    @Test func gpxBadPointsBecomeRejectedRecordsWithTheirPlace() throws {
        let text = Self.header + """
            <trk><trkseg>
            <trkpt lat="51.5" lon="-0.1"><time>2024-05-18T10:00:00Z</time></trkpt>
            <trkpt lat="91" lon="-0.1"/>
            <trkpt lat="51.5" lon="-180.5"/>
            <trkpt lat="NaN" lon="-0.1"/>
            <trkpt lat="51.5" lon="inf"/>
            <trkpt lat="north" lon="-0.1"/>
            <trkpt lon="-0.1"/>
            <trkpt lat="51.5" lon="-0.1"><time>yesterday</time></trkpt>
            <trkpt lat="51.5" lon="-0.1"><time>2024-02-30T10:00:00Z</time></trkpt>
            <trkpt lat="51.5" lon="-0.1"><ele>high</ele></trkpt>
            <trkpt lat="51.5" lon="-0.1"><sat>-3</sat></trkpt>
            <trkpt lat="51.5" lon="-0.1"><fix>4d</fix></trkpt>
            <trkpt lat="51.5" lon="-0.1"><extensions><hAcc>nan</hAcc></extensions></trkpt>
            <trkpt lat="51.5001" lon="-0.1001"><time>2024-05-18T10:00:01Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let t = try TrackText.read(text, .gpx, name: "mixed.gpx")
        #expect(t.fixes.map(\.sourceIndex) == [0, 13])
        #expect(t.rejected.map(\.sourceIndex) == Array(1...12))
        #expect(t.rejected.map(\.rule) == [
            "latitude-out-of-range", "longitude-out-of-range", "coordinate-not-finite", "coordinate-not-finite",
            "unparseable-coordinate", "missing-coordinate", "unparseable-time", "unparseable-time",
            "unparseable-value", "unparseable-value", "unparseable-value", "unparseable-value",
        ])
        // Each points at its <trkpt> line (the header is lines 1–2, <trk><trkseg> line 3).
        #expect(t.rejected.map(\.line) == (5...16).map { Optional($0) })
        #expect(t.rejected.allSatisfy { $0.column != nil && !$0.reason.isEmpty })
        #expect(t.rejected[6].reason.contains("yesterday") && t.rejected[8].reason.contains("high"))
    }

    @Test func csvBadRowsBecomeRejectedRecords() throws {
        let t = try TrackText.read("""
            time,lat,lon,ele
            2024-05-18T10:00:00Z,51.5,-0.1,10
            2024-05-18T10:00:01Z,-90.5,-0.1,10
            2024-05-18T10:00:02Z,51.5,181,10
            2024-05-18T10:00:03Z,nan,-0.1,10
            2024-05-18T10:00:04Z,51.5,,10
            not a time,51.5,-0.1,10
            2024-05-18T10:00:06Z,51.5,-0.1,ten
            2024-05-18T10:00:07Z,51.5
            2024-05-18T10:00:08Z,51.5001,-0.1001,11
            """, .csv, name: "mixed.csv")
        #expect(t.fixes.map(\.sourceIndex) == [0, 8])
        #expect(t.rejected.map(\.rule) == ["latitude-out-of-range", "longitude-out-of-range", "coordinate-not-finite",
                                           "missing-coordinate", "unparseable-time", "unparseable-value", "missing-coordinate"])
        #expect(t.rejected.map(\.line) == (3...9).map { Optional($0) })
        // The column of the offending cell: "not a time" is column 1, "ten" starts at column 32 (20 + 1 + 4 + 1 + 4 + 1 + 1).
        #expect(t.rejected[4].column == 1 && t.rejected[5].column == 32)
        #expect(t.rejected[5].reason.contains("ele") && t.rejected[5].reason.contains("ten"))
    }

    @Test func oneBadFixAmongThousandsIsNotFatal() throws {
        var text = Self.header + "<trk><trkseg>\n"
        for i in 0..<2000 {
            let lat = i == 1234 ? "123.4" : "51.\(i)"
            text += "<trkpt lat=\"\(lat)\" lon=\"0.5\"><time>2024-05-18T10:00:00Z</time></trkpt>\n"
        }
        text += "</trkseg></trk></gpx>\n"
        let t = try TrackText.read(text, .gpx)
        #expect(t.fixes.count == 1999 && t.rejected.count == 1 && t.recordCount == 2000)
        #expect(t.rejected[0].sourceIndex == 1234 && t.rejected[0].line == 1234 + 4)
    }
}
