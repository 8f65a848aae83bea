import Foundation
import Testing
import TrackPipe
import TrackPipeIO

/// Every writer records the run's provenance (spec name, spec content hash, TrackPipe version) where its
/// format allows, and the file still reads back to the same fixes.
@Suite struct ProvenanceOutputTests {
    /// A pipeline name with every character that could break a line, an attribute or a string.
    static let provenance = Provenance(pipelineName: "my \"clean\", <run> & walk\nline two",
                                       canonicalSpec: #"{"name":"x","stages":[],"version":1}"#, trackpipeVersion: "9.8.7")
    static let track = Track(name: "Run", activity: .running, fixes: [
        Fix(time: 1_716_026_400, latitude: 51.5, longitude: -0.1, altitude: 12, horizontalAccuracy: 4, sourceIndex: 0),
        Fix(time: 1_716_026_401, latitude: 51.5001, longitude: -0.1001, sourceIndex: 1),
    ])

    func readBack(_ bytes: [UInt8], _ format: TrackFormat) throws -> Track {
        try TrackReader.read(bytes: bytes, format: format, sourceName: "out.\(format.fileExtension)")
    }

    @Test func gpxMetadataDescriptionAndExtension() throws {
        let bytes = GPXWriter.write(Self.track, provenance: Self.provenance)
        let root = try XMLTree.parse(bytes)
        let metadata = try #require(root.child("metadata"))
        let desc = try #require(metadata.child("desc")).text
        #expect(desc.contains("TrackPipe 9.8.7") && desc.contains(Self.provenance.pipelineHash))
        #expect(desc.contains(#""my \"clean\", <run> & walk\nline two""#))  // the name, JSON-quoted
        let element = try #require(metadata.child("extensions")?.child("provenance"))
        #expect(element.namespace == GPXWriter.trackPipeNamespace)
        #expect(element.attributes["pipeline"] == Self.provenance.pipelineName)
        #expect(element.attributes["sha256"] == Self.provenance.pipelineHash)
        #expect(element.attributes["version"] == "9.8.7")
        // Still schema-valid, and the track reads back unchanged.
        #expect(try GPXWriterSchemaTests.problems(bytes).isEmpty)
        let back = try readBack(bytes, .gpx)
        #expect(back.fixes == Self.track.fixes && back.name == "Run")
    }

    @Test func geoJSONForeignMember() throws {
        let bytes = GeoJSONWriter.write(Self.track, provenance: Self.provenance)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let member = try #require(root["provenance"] as? [String: Any])
        #expect(member["pipelineName"] as? String == Self.provenance.pipelineName)
        #expect(member["pipelineHash"] as? String == Self.provenance.pipelineHash)
        #expect(member["trackpipeVersion"] as? String == "9.8.7")
        // Exactly the three members of ProvenanceRecord.Encoded (the object DropsGeoJSON writes too).
        #expect(Set(member.keys) == ["pipelineName", "pipelineHash", "trackpipeVersion"])
        #expect(try readBack(bytes, .geojson).fixes == Self.track.fixes)
    }

    @Test func csvLeadingCommentLine() throws {
        let bytes = CSVWriter.write(Self.track, provenance: Self.provenance)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "# " + ProvenanceRecord.sentence(Self.provenance))
        #expect(lines[0].contains("9.8.7") && lines[0].contains(Self.provenance.pipelineHash))
        #expect(lines[1].hasPrefix("time,lat,lon"))
        // The comment holds a quote and commas; the reader skips it whole.
        let back = try readBack(bytes, .csv)
        #expect(back.fixes == Self.track.fixes && back.rejected.isEmpty)
    }

    @Test func emptyTrackStillRecordsIt() throws {
        let empty = Track(name: "none")
        for format in [TrackFormat.gpx, .csv, .geojson] {
            let text = String(decoding: try TrackWriter.encode(empty, format: format, provenance: Self.provenance), as: UTF8.self)
            #expect(text.contains(Self.provenance.pipelineHash), "\(format.rawValue)")
        }
    }

    @Test func withoutProvenanceNothingIsAdded() throws {
        #expect(!String(decoding: GPXWriter.write(Self.track), as: UTF8.self).contains("<metadata>"))
        #expect(!String(decoding: CSVWriter.write(Self.track), as: UTF8.self).hasPrefix("#"))
        #expect(!String(decoding: GeoJSONWriter.write(Self.track), as: UTF8.self).contains("provenance"))
    }
}
