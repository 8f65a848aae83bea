import Foundation
import Testing
import TrackPipe
import TrackPipeIO

/// GPX 1.0 and 1.1 structure and per-point fields, on small literal documents whose expected values are
/// read off the text by hand.
@Suite struct GPXReaderTests {
    func gpx(_ body: String, version: String = "1.1", extraNamespaces: String = "") throws -> Track {
        let ns = version == "1.0" ? "http://www.topografix.com/GPX/1/0" : "http://www.topografix.com/GPX/1/1"
        return try TrackText.read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="\(version)" creator="test" xmlns="\(ns)" \(extraNamespaces)>
            \(body)
            </gpx>
            """, .gpx)
    }

    @Test func gpx11TracksSegmentsAndPoints() throws {
        let t = try gpx("""
            <metadata><name>Document</name></metadata>
            <wpt lat="1" lon="1"><name>not a track point</name></wpt>
            <trk><name>Evening run</name><type>running</type>
              <trkseg>
                <trkpt lat="51.5" lon="-0.1"><ele>12.5</ele><time>2024-05-18T10:00:00Z</time></trkpt>
                <trkpt lat="51.5001" lon="-0.1001"><ele>13</ele><time>2024-05-18T10:00:01Z</time></trkpt>
              </trkseg>
              <trkseg/>
              <trkseg>
                <trkpt lat="-33.9" lon="151.2"/>
              </trkseg>
            </trk>
            """)
        #expect(t.name == "Evening run" && t.activity == .running && t.sourceFormat == "gpx")
        #expect(t.fixes.count == 3 && t.rejected.isEmpty)
        // The empty <trkseg/> makes no segment: segments are numbered by the ones holding fixes.
        #expect(t.fixes.map(\.segment) == [0, 0, 1])
        #expect(t.fixes.map(\.sourceIndex) == [0, 1, 2])
        #expect(t.fixes[0].latitude == 51.5 && t.fixes[0].longitude == -0.1 && t.fixes[0].altitude == 12.5)
        #expect(t.fixes[1].time == utc(2024, 5, 18, 10, 0, 1))
        #expect(t.fixes[2].latitude == -33.9 && t.fixes[2].longitude == 151.2)
        #expect(t.fixes[2].time == nil && t.fixes[2].altitude == nil && t.fixes[2].horizontalAccuracy == nil)
    }

    /// Waypoints are not a track: a file with nothing else is an error naming them, not an empty track.
    @Test func waypointsAloneAreAnError() throws {
        let error = try #require(throws: TrackReadError.self) {
            try gpx(#"<wpt lat="51.5" lon="-0.1"><name>Home</name></wpt><wpt lat="51.6" lon="-0.1"/>"#)
        }
        #expect(error.message.contains("2 waypoints"))
        let withTrack = try gpx(#"<wpt lat="51.5" lon="-0.1"/><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk>"#)
        #expect(withTrack.fixes.count == 1)
    }

    @Test func documentNameWhenTheTrackHasNone() throws {
        let t = try gpx("<metadata><name>From metadata</name></metadata><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk>")
        #expect(t.name == "From metadata")
        let t10 = try gpx("<name>GPX 1.0 document name</name><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk>", version: "1.0")
        #expect(t10.name == "GPX 1.0 document name")
    }

    @Test func routesAreSegments() throws {
        let t = try gpx("""
            <rte><name>Planned</name>
              <rtept lat="10" lon="20"><ele>1</ele></rtept><rtept lat="10.001" lon="20.001"/>
            </rte>
            <rte><rtept lat="11" lon="21"/></rte>
            """)
        #expect(t.name == "Planned")
        #expect(t.fixes.map(\.segment) == [0, 0, 1])
        #expect(t.fixes.map(\.latitude) == [10, 10.001, 11] && t.fixes[0].altitude == 1)
    }

    @Test func tracksThenRoutesKeepSegmentsApart() throws {
        let t = try gpx("""
            <trk><trkseg><trkpt lat="1" lon="1"/><trkpt lat="1.1" lon="1"/></trkseg></trk>
            <trk><trkseg><trkpt lat="2" lon="2"/></trkseg></trk>
            <rte><rtept lat="3" lon="3"/></rte>
            """)
        #expect(t.fixes.map(\.segment) == [0, 0, 1, 2])
    }

    /// Expected seconds since 1970 from Foundation's calendar (``utc``), offsets applied by hand.
    @Test(arguments: [
        ("2024-05-18T10:00:00Z", utc(2024, 5, 18, 10, 0, 0)),
        ("2024-05-18T10:00:00.5Z", utc(2024, 5, 18, 10, 0, 0.5)),
        ("2024-05-18T10:00:00.123Z", utc(2024, 5, 18, 10, 0, 0.123)),
        ("2024-05-18T10:00:00.123456Z", utc(2024, 5, 18, 10, 0, 0.123456)),
        ("2024-05-18T12:00:00+02:00", utc(2024, 5, 18, 10, 0, 0)),
        ("2024-05-18T04:30:00-0530", utc(2024, 5, 18, 10, 0, 0)),
        ("2024-05-18T10:00:00.250+00:00", utc(2024, 5, 18, 10, 0, 0.25)),
        ("2024-05-18T10:00:00", utc(2024, 5, 18, 10, 0, 0)),  // no zone: UTC, as GPX requires
        ("  2024-05-18T10:00:00Z\n", utc(2024, 5, 18, 10, 0, 0)),  // whitespace around the text
    ])
    func times(_ text: String, _ expected: Double) throws {
        let t = try gpx("<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>\(text)</time></trkpt></trkseg></trk>")
        let time = try #require(t.fixes.first?.time)
        #expect(abs(time - expected) < 1e-6, "\(text)")
    }

    @Test func gpx10CoreFields() throws {
        // GPX 1.0 puts speed and course in the point itself (GPSBabel writes them so).
        let t = try gpx("""
            <trk><trkseg>
              <trkpt lat="41.805591583" lon="12.679831505">
                <ele>374.813</ele><time>2008-05-04T12:52:47Z</time>
                <course>338.779999</course><speed>0.240410</speed>
                <fix>3d</fix><sat>11</sat><hdop>0.85</hdop><vdop>0.74</vdop><pdop>1.13</pdop>
              </trkpt>
              <trkpt lat="1" lon="1"><fix>2d</fix></trkpt>
              <trkpt lat="1" lon="1"><fix>dgps</fix></trkpt>
              <trkpt lat="1" lon="1"><fix>none</fix></trkpt>
              <trkpt lat="1" lon="1"><fix>pps</fix></trkpt>
            </trkseg></trk>
            """, version: "1.0")
        let f = try #require(t.fixes.first)
        #expect(f.altitude == 374.813 && f.course == 338.779999 && f.speed == 0.24041)
        #expect(f.fixQuality == .threeD && f.satellites == 11 && f.hdop == 0.85 && f.vdop == 0.74 && f.pdop == 1.13)
        #expect(t.fixes.map(\.fixQuality) == [.threeD, .twoD, .dgps, FixQuality.none, .pps])
    }

    @Test func hdopOnlyGivesAnEstimatedAccuracy() throws {
        let t = try gpx("""
            <trk><trkseg>
              <trkpt lat="1" lon="1"><hdop>2.4</hdop></trkpt>
              <trkpt lat="1" lon="1"><hdop>2.4</hdop><extensions><hAcc>3.5</hAcc></extensions></trkpt>
              <trkpt lat="1" lon="1"/>
            </trkseg></trk>
            """)
        // 2.4 × 5 m per unit of HDOP (Fix.hdopAccuracyFactor, a documented UERE of 5 m).
        #expect(Fix.hdopAccuracyFactor == 5)
        #expect(t.fixes[0].horizontalAccuracy == 2.4 * 5 && t.fixes[0].horizontalAccuracyIsEstimated)
        #expect(t.fixes[1].horizontalAccuracy == 3.5 && !t.fixes[1].horizontalAccuracyIsEstimated)
        // Unknown stays unknown: no accuracy and no HDOP is nil, not zero.
        #expect(t.fixes[2].horizontalAccuracy == nil && !t.fixes[2].horizontalAccuracyIsEstimated)
    }

    @Test func garminTrackPointExtensionV1() throws {
        let t = try gpx("""
            <trk><trkseg><trkpt lat="1" lon="2"><extensions>
              <gpxtpx:TrackPointExtension><gpxtpx:atemp>21.5</gpxtpx:atemp><gpxtpx:hr>142</gpxtpx:hr><gpxtpx:cad>88</gpxtpx:cad></gpxtpx:TrackPointExtension>
            </extensions></trkpt></trkseg></trk>
            """, extraNamespaces: "xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\"")
        let f = try #require(t.fixes.first)
        #expect(f.temperature == 21.5 && f.heartRate == 142 && f.cadence == 88)
        #expect(f.speed == nil && f.course == nil)
    }

    @Test func garminTrackPointExtensionV2UnderAnyPrefix() throws {
        // Garmin Connect exports use ns3: for v2; the prefix must not matter.
        let t = try gpx("""
            <trk><trkseg><trkpt lat="1" lon="2"><extensions>
              <ns3:TrackPointExtension><ns3:hr>150</ns3:hr><ns3:cad>90</ns3:cad><ns3:speed>3.25</ns3:speed><ns3:course>271.5</ns3:course></ns3:TrackPointExtension>
            </extensions></trkpt></trkseg></trk>
            """, extraNamespaces: "xmlns:ns3=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v2\"")
        let f = try #require(t.fixes.first)
        #expect(f.heartRate == 150 && f.cadence == 90 && f.speed == 3.25 && f.course == 271.5)
    }

    @Test func iOSAccuracyExtensions() throws {
        // hAcc/vAcc as iOS exporters write them (HealthFit inside the Garmin element; others on their own),
        // and a negative vertical accuracy (no GPS altitude) is kept as it is.
        let t = try gpx("""
            <trk><trkseg>
              <trkpt lat="1" lon="2"><extensions><gpxtpx:TrackPointExtension><gpxtpx:hAcc>6.4</gpxtpx:hAcc><gpxtpx:vAcc>5.7</gpxtpx:vAcc></gpxtpx:TrackPointExtension></extensions></trkpt>
              <trkpt lat="1" lon="2"><extensions><hAcc>65</hAcc><vAcc>-1</vAcc></extensions></trkpt>
              <trkpt lat="1" lon="2"><extensions><x:horizontalAccuracy>4</x:horizontalAccuracy><x:verticalAccuracy>3</x:verticalAccuracy></extensions></trkpt>
            </trkseg></trk>
            """, extraNamespaces: "xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v2\" xmlns:x=\"urn:example\"")
        #expect(t.fixes.map(\.horizontalAccuracy) == [6.4, 65, 4])
        #expect(t.fixes.map(\.verticalAccuracy) == [5.7, -1, 3])
        #expect(t.fixes.allSatisfy { !$0.horizontalAccuracyIsEstimated })
    }

    @Test func everyElementPrefixed() throws {
        // The GPX namespace itself under a prefix: matching is by local name.
        let t = try TrackText.read("""
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1" version="1.1" creator="x">
              <g:trk><g:name>Prefixed</g:name><g:trkseg>
                <g:trkpt lat="5" lon="6"><g:ele>7</g:ele><g:time>2020-01-01T00:00:00Z</g:time><g:hdop>1</g:hdop></g:trkpt>
              </g:trkseg></g:trk>
            </g:gpx>
            """, .gpx)
        #expect(t.name == "Prefixed")
        let f = try #require(t.fixes.first)
        #expect(f.latitude == 5 && f.longitude == 6 && f.altitude == 7 && f.time == utc(2020, 1, 1, 0, 0, 0) && f.hdop == 1)
    }

    @Test func gpsTrackEditorSpeedIsKilometresPerHour() throws {
        let t = try gpx("""
            <trk><trkseg>
              <trkpt lat="1" lon="2"><extensions><gte:gps speed="36" azimuth="90.5"/></extensions></trkpt>
              <trkpt lat="1" lon="2"><speed>4</speed><extensions><gte:gps speed="36"/></extensions></trkpt>
            </trkseg></trk>
            """, extraNamespaces: "xmlns:gte=\"http://www.gpstrackeditor.com/xmlschemas/General/1\"")
        // 36 km/h = 10 m/s; an m/s speed wins over the km/h one.
        #expect(t.fixes[0].speed == 10 && t.fixes[0].course == 90.5)
        #expect(t.fixes[1].speed == 4)
    }

    @Test func cdataCommentsAndEntitiesInText() throws {
        let t = try gpx("""
            <trk><name>Tom &amp; Jerry &lt;3</name><trkseg>
              <trkpt lat="1" lon="2"><!-- a comment --><ele><![CDATA[42.5]]></ele></trkpt>
            </trkseg></trk>
            """)
        #expect(t.name == "Tom & Jerry <3")
        #expect(t.fixes.first?.altitude == 42.5)
    }

    @Test func unknownElementsAndAttributesAreIgnored() throws {
        let t = try gpx("""
            <trk><link href="http://example.com"><text>x</text></link><trkseg>
              <trkpt lat="1" lon="2" foo="bar"><magvar>3</magvar><geoidheight>47</geoidheight><name>P1</name><sym>Dot</sym>
                <extensions><foo:bar xmlns:foo="urn:foo"><foo:baz>1</foo:baz></foo:bar></extensions></trkpt>
            </trkseg></trk>
            """)
        #expect(t.fixes.count == 1 && t.rejected.isEmpty && t.name == nil)
    }
}
