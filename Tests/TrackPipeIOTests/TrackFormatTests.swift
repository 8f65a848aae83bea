import Foundation
import TestSupport
import Testing
import TrackPipe
import TrackPipeIO

/// Choosing a reader: from the file extension, from a format name, or from the content.
@Suite struct TrackFormatTests {
    @Test(arguments: [
        ("run.gpx", TrackFormat.gpx), ("RUN.GPX", .gpx), ("a/b/run.csv", .csv), ("x.tsv", .csv),
        ("x.geojson", .geojson), ("x.json", .geojson), ("log.nmea", .nmea), ("log.NMA", .nmea), ("ride.fit", .fit), ("RIDE.FIT", .fit),
    ])
    func extensions(_ path: String, _ format: TrackFormat) {
        #expect(TrackFormat(pathExtension: path) == format)
    }

    @Test(arguments: ["gnss_log.txt", "notes.log", "noextension", "archive.kml", "-"])
    func extensionsThatSayNothing(_ path: String) {
        #expect(TrackFormat(pathExtension: path) == nil)
    }

    @Test func names() {
        #expect(TrackFormat(name: "GPX") == .gpx && TrackFormat(name: "json") == .geojson)
        #expect(TrackFormat(name: "gnsslogger") == .gnsslogger && TrackFormat(name: "kml") == nil)
        #expect(TrackFormat.allCases.filter(\.isWritable) == [.gpx, .csv, .geojson, .ndjson, .tcx])
        #expect(TrackFormat.writableNames == "gpx, csv, geojson, ndjson or tcx")
    }

    @Test(arguments: [
        ("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\">", TrackFormat?.some(.gpx)),
        ("\u{FEFF}  <g:gpx xmlns:g=\"x\">", .gpx),
        ("<kml></kml>", nil),
        ("{\"type\":\"FeatureCollection\"}", .geojson),
        ("$GPGGA,1,2\n$GPRMC,1,2\n", .nmea),
        ("$GNGGA,1,2\r\n$GNRMC,1,2\r\n", .nmea),
        ("# Header\n# Fix,Provider\nRaw,1\nFix,gps,1,2\n", .gnsslogger),
        ("Raw,1\r\nFix,gps,1,2\r\n", .gnsslogger),
        ("time,lat,lon\n1,2,3\n", .csv),
        ("time;lat;lon\r\n1;2;3\r\n", .csv),
        ("just words", nil),
        ("bin\u{0}ary", nil),
    ])
    func sniffing(_ text: String, _ format: TrackFormat?) {
        #expect(TrackFormat.sniff(Array(text.utf8)) == format, "\(text.debugDescription)")
    }

    /// A target whose extension names no writable format, with no format given: a write error flagged
    /// `formatUnknown` whose message names no CLI flag (the CLI adds `--to`), and nothing is written.
    @Test func writingToAnUnknownExtensionIsFormatUnknown() throws {
        let path = try Scratch.path("track.xyz").path
        let track = Track(fixes: [Fix(time: 0, latitude: 1, longitude: 2, sourceIndex: 0)])
        #expect {
            try TrackWriter.write(track, to: path)
        } throws: { error in
            guard let e = error as? TrackWriteError else { return false }
            return e.formatUnknown && e.file == path && e.message.contains("cannot tell the output format") && !e.message.contains("--")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
