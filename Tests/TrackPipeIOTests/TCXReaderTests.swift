import Foundation
import Testing
import TestSupport
import TrackPipe
@testable import TrackPipeIO

/// The TCX reader on GPSBabel's TCX of the Fenix 2 run (an independent writer) against python-fitparse's decoding
/// of the original FIT file, and on hand-written documents for what GPSBabel does not write.
@Suite struct TCXReaderTests {
    @Test func gpsbabelsTCXOfTheFenix2RunMatchesTheIndependentDecoding() throws {
        let track = try TrackReader.read(path: try TestData.path("tcx/fenix2-run.gpsbabel.tcx.gz"))
        let (_, rows) = try FITReaderTests.fenix2()
        #expect(track.sourceFormat == "tcx" && track.activity == .running && track.rejected.isEmpty)
        #expect(track.fixes.count == rows.count)
        let iso = ISO8601DateFormatter()
        for (k, (fix, row)) in zip(track.fixes, rows).enumerated() {
            #expect(fix.sourceIndex == k && fix.segment == 0)
            #expect(fix.time == iso.date(from: row[0])!.timeIntervalSince1970, "trackpoint \(k)")
            #expect(abs(fix.latitude - Double(row[1])!) < 1e-9 && abs(fix.longitude - Double(row[2])!) < 1e-9, "trackpoint \(k)")
            // GPSBabel prints altitude to 1 decimal and speed to 3, and leaves out a zero speed or cadence.
            #expect(abs(fix.altitude! - Double(row[3])!) <= 0.05 + 1e-9, "trackpoint \(k)")
            #expect(fix.speed.map { abs($0 - Double(row[4])!) <= 0.0005 + 1e-9 } ?? (Double(row[4])! == 0), "trackpoint \(k)")
            #expect(fix.heartRate == (row[6].isEmpty ? nil : Double(row[6])!), "trackpoint \(k)")
            #expect(fix.cadence == Double(row[7])! || (fix.cadence == nil && Double(row[7])! == 0), "trackpoint \(k)")
        }
    }

    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
            xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">
          <Activities>
            <Activity Sport="Biking">
              <Id>2024-05-01T07:30:00Z</Id>
              <Lap StartTime="2024-05-01T07:30:00Z">
                <DistanceMeters>1000.5</DistanceMeters>
                <Cadence>80</Cadence>
                <Track>
                  <Trackpoint>
                    <Time>2024-05-01T07:30:00Z</Time>
                    <Position><LatitudeDegrees>51.5</LatitudeDegrees><LongitudeDegrees>-0.12</LongitudeDegrees></Position>
                    <AltitudeMeters>31.2</AltitudeMeters>
                    <DistanceMeters>0</DistanceMeters>
                    <HeartRateBpm><Value>120</Value></HeartRateBpm>
                    <Extensions><ns3:TPX><ns3:Speed>7.5</ns3:Speed><ns3:RunCadence>88</ns3:RunCadence></ns3:TPX></Extensions>
                  </Trackpoint>
                  <Trackpoint>
                    <Time>2024-05-01T07:30:05Z</Time>
                    <HeartRateBpm><Value>121</Value></HeartRateBpm>
                  </Trackpoint>
                </Track>
              </Lap>
              <Lap StartTime="2024-05-01T07:40:00Z">
                <DistanceMeters>500.25</DistanceMeters>
                <Track>
                  <Trackpoint>
                    <Time>2024-05-01T07:40:00.5Z</Time>
                    <Position><LatitudeDegrees>51.51</LatitudeDegrees><LongitudeDegrees>-0.13</LongitudeDegrees></Position>
                    <DistanceMeters>1000.5</DistanceMeters>
                    <Cadence>90</Cadence>
                  </Trackpoint>
                  <Trackpoint>
                    <Time>yesterday</Time>
                    <Position><LatitudeDegrees>51.52</LatitudeDegrees><LongitudeDegrees>-0.14</LongitudeDegrees></Position>
                  </Trackpoint>
                  <Trackpoint>
                    <Position><LatitudeDegrees>95</LatitudeDegrees><LongitudeDegrees>0</LongitudeDegrees></Position>
                  </Trackpoint>
                </Track>
              </Lap>
            </Activity>
          </Activities>
        </TrainingCenterDatabase>
        """

    @Test func readsEveryFieldSegmentsAndRejectsWhatItCannotUse() throws {
        let bytes = Array(Self.document.utf8)
        #expect(TrackFormat.sniff(bytes) == .tcx)
        let a = try bytes.withUnsafeBufferPointer { try TCXReader.activity($0, sourceName: "ride.tcx") }
        let t = a.track
        #expect(t.activity == .cycling && t.name == "2024-05-01T07:30:00Z")
        #expect(t.fixes.map(\.sourceIndex) == [0, 2] && t.fixes.map(\.segment) == [0, 1])
        let first = t.fixes[0]
        #expect(first.time == 1_714_548_600 && first.latitude == 51.5 && first.longitude == -0.12)
        #expect(first.altitude == 31.2 && first.heartRate == 120 && first.speed == 7.5 && first.cadence == 88)
        #expect(t.fixes[1].time == 1_714_549_200.5 && t.fixes[1].cadence == 90 && t.fixes[1].heartRate == nil)
        #expect(t.rejected.map(\.sourceIndex) == [1, 3, 4])
        #expect(t.rejected.map(\.rule) == ["no-fix", "unparseable-time", "latitude-out-of-range"])
        #expect(t.rejected.allSatisfy { $0.line != nil })
        #expect(a.recordDistances == [0, nil, 1000.5, nil, nil])
        #expect(a.sessionDistance == 1500.75)
    }

    @Test func malformedOrForeignXMLIsAnErrorWithItsPlace() throws {
        let cut = Array(Self.document.utf8.prefix(600))
        #expect(throws: TrackReadError.self) { try cut.withUnsafeBufferPointer { try TCXReader.read($0, sourceName: "cut.tcx") } }
        let foreign = Array("<?xml version=\"1.0\"?>\n<kml><Document/></kml>".utf8)
        do {
            _ = try foreign.withUnsafeBufferPointer { try TCXReader.read($0, sourceName: "x.tcx") }
            Issue.record("a KML document was read as TCX")
        } catch let error as TrackReadError {
            #expect(error.line == 2 && error.message.contains("expected <TrainingCenterDatabase>"))
        }
    }

    /// A foreign root with attributes (`<Activity Sport=…>`, a TCX fragment without its `TrainingCenterDatabase`):
    /// the error names the root, and nothing of the element is read once the parser is stopped — its attributes
    /// point into input libxml2 frees then (FuzzTCX found the use after free; `Fuzz/Regressions/FuzzTCX/` replays
    /// it under AddressSanitizer).
    @Test func aForeignRootWithAttributesIsAnErrorAndNothingMore() throws {
        for root in ["<Activity Sport=\"Biking\">", "<Activity Sport=\"Running\"><Lap StartTime=\"2024-05-01T07:40:00Z\"/>",
                     "<Trackpoint><Time>2024-05-01T07:40:00Z</Time>"] {
            let bytes = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(root)\n".utf8)
            do {
                _ = try bytes.withUnsafeBufferPointer { try TCXReader.read($0, sourceName: "fragment.tcx") }
                Issue.record("\(root) was read as TCX")
            } catch let error as TrackReadError {
                #expect(error.line == 2 && error.message.contains("expected <TrainingCenterDatabase>"), "\(error)")
            }
        }
    }
}
