import Foundation
import Testing
import TrackPipe
import TrackPipeIO

/// GeoJSON (RFC 7946): LineString and MultiLineString features with per-point times, Point collections.
@Suite struct GeoJSONReaderTests {
    func geojson(_ text: String) throws -> Track { try TrackText.read(text, .geojson, name: "test.geojson") }

    @Test func lineStringWithCoordTimes() throws {
        let t = try geojson("""
            {"type":"FeatureCollection","features":[{"type":"Feature",
              "properties":{"name":"Lunch run","activity":"running",
                "coordTimes":["2024-05-18T10:00:00Z","2024-05-18T10:00:01.5Z","2024-05-18T12:00:02+02:00"]},
              "geometry":{"type":"LineString","coordinates":[[-0.1,51.5,12],[-0.1001,51.5001],[-0.1002,51.5002,14.5]]}}]}
            """)
        #expect(t.name == "Lunch run" && t.activity == .running && t.sourceFormat == "geojson")
        #expect(t.fixes.count == 3 && t.rejected.isEmpty)
        // Positions are [longitude, latitude, elevation].
        #expect(t.fixes.map(\.longitude) == [-0.1, -0.1001, -0.1002] && t.fixes.map(\.latitude) == [51.5, 51.5001, 51.5002])
        #expect(t.fixes.map(\.altitude) == [12, nil, 14.5])
        #expect(t.fixes.map(\.time) == [1_716_026_400, 1_716_026_401.5, 1_716_026_402])
        #expect(t.fixes.map(\.segment) == [0, 0, 0] && t.fixes.map(\.sourceIndex) == [0, 1, 2])
    }

    /// A per-point array of another length cannot be matched to the positions: every position of the line is a
    /// rejected record naming the mismatch, none a fix with a guessed time.
    @Test func coordTimesOfAnotherLengthRejectTheLine() throws {
        let t = try geojson("""
            {"type":"Feature","properties":{"coordTimes":["2024-05-18T10:00:00Z","2024-05-18T10:00:01Z"]},
             "geometry":{"type":"LineString","coordinates":[[2,1],[2.0001,1.0001],[2.0002,1.0002]]}}
            """)
        #expect(t.fixes.isEmpty)
        #expect(t.rejected.map(\.rule) == Array(repeating: "per-point-length-mismatch", count: 3))
        #expect(t.rejected.map(\.sourceIndex) == [0, 1, 2])
        #expect(t.rejected.allSatisfy { $0.reason.contains("coordTimes has 2 values for 3 positions") })
    }

    @Test func lineStringWithPropertiesTimesAsUnixSeconds() throws {
        let t = try geojson("""
            {"type":"Feature","properties":{"times":[1716026400,1716026401]},
             "geometry":{"type":"LineString","coordinates":[[2,1],[2.0001,1.0001]]}}
            """)
        #expect(t.fixes.map(\.time) == [1_716_026_400, 1_716_026_401])
    }

    @Test func multiLineStringSegmentsWithNestedTimesAndProperties() throws {
        let t = try geojson("""
            {"type":"FeatureCollection","features":[{"type":"Feature",
              "properties":{"coordTimes":[["2024-05-18T10:00:00Z","2024-05-18T10:00:01Z"],["2024-05-18T10:05:00Z"]],
                "coordinateProperties":{"horizontalAccuracy":[[4,null],[7.5]],"heartRate":[[120,121],[130]]}},
              "geometry":{"type":"MultiLineString","coordinates":[[[2,1],[2.1,1.1]],[[3,1.5]]]}}]}
            """)
        #expect(t.fixes.map(\.segment) == [0, 0, 1])
        #expect(t.fixes.map(\.time) == [1_716_026_400, 1_716_026_401, 1_716_026_700])
        #expect(t.fixes.map(\.horizontalAccuracy) == [4, nil, 7.5])
        #expect(t.fixes.map(\.heartRate) == [120, 121, 130])
    }

    @Test func pointFeatureCollection() throws {
        let t = try geojson("""
            {"type":"FeatureCollection","features":[
              {"type":"Feature","properties":{"time":"2024-05-18T10:00:00Z","accuracy":5,"ele":3},"geometry":{"type":"Point","coordinates":[2,1]}},
              {"type":"Feature","properties":{"timestamp":"2024-05-18T10:00:02Z","speed":1.5},"geometry":{"type":"Point","coordinates":[2.0001,1.0001,4]}},
              {"type":"Feature","properties":{"unix_time":1716026404},"geometry":{"type":"Point","coordinates":[2.0002,1.0002]}}
            ]}
            """)
        #expect(t.fixes.count == 3 && t.fixes.map(\.segment) == [0, 0, 0])
        #expect(t.fixes.map(\.time) == [1_716_026_400, 1_716_026_402, 1_716_026_404])
        #expect(t.fixes[0].horizontalAccuracy == 5 && t.fixes[0].altitude == 3)
        #expect(t.fixes[1].speed == 1.5 && t.fixes[1].altitude == 4)
    }

    @Test func otherGeometriesAreSkipped() throws {
        let t = try geojson("""
            {"type":"FeatureCollection","features":[
              {"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}},
              {"type":"Feature","properties":{},"geometry":null},
              {"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[2,1]]}}
            ]}
            """)
        #expect(t.fixes.count == 1 && t.fixes[0].latitude == 1)
    }

    @Test func aBareLineStringGeometry() throws {
        let t = try geojson(#"{"type":"LineString","coordinates":[[10,20],[10.5,20.5]]}"#)
        #expect(t.fixes.map(\.latitude) == [20, 20.5])
    }

    @Test func badPositionsAreRejectedRecords() throws {
        let t = try geojson("""
            {"type":"Feature","properties":{"coordTimes":["2024-05-18T10:00:00Z","yesterday","2024-05-18T10:00:02Z","2024-05-18T10:00:03Z","2024-05-18T10:00:04Z"]},
             "geometry":{"type":"LineString","coordinates":[[2,1],[2,1],[2,95],["2","1"],[2,1]]}}
            """)
        #expect(t.fixes.map(\.sourceIndex) == [0, 4])
        #expect(t.rejected.map(\.sourceIndex) == [1, 2, 3])
        #expect(t.rejected.map(\.rule) == ["unparseable-time", "latitude-out-of-range", "unparseable-coordinate"])
        #expect(t.rejected[1].reason.contains("position 2"))
    }

    @Test(arguments: [
        (#"{"type":"Feature","geometry":"#, "not valid JSON"),
        (#"[1,2,3]"#, "\"type\""),
        (#"{"type":"Polygon","coordinates":[]}"#, "Polygon"),
        (#"{"type":"FeatureCollection"}"#, "features"),
    ])
    func documentsWithoutATrackAreErrors(_ text: String, _ mention: String) throws {
        let e = try #require(TrackText.error(text, .geojson, name: "bad.geojson"))
        #expect(e.file == "bad.geojson" && e.message.contains(mention), "\(e)")
    }
}
