import Foundation
import TestSupport
import Testing
import TrackPipe
import TrackPipeLab
import TrackPipeIO

@Suite struct TruthFileTests {
    static func rows(_ n: Int, start: Double = 1_700_000_000) -> [FixTruth] {
        (0..<n).map { i in
            FixTruth(sourceIndex: i, time: start + Double(i), trueTime: start + Double(i), latitude: 51 + Double(i) * 1e-5,
                     longitude: -1.5, cumulativeDistance: Double(i) * 1.125, moving: i != 2, anomaly: i == 3 ? .jump : .none)
        }
    }

    static func track(_ n: Int, start: Double = 1_700_000_000) -> Track {
        Track(fixes: (0..<n).map { Fix(time: start + Double($0), latitude: 51, longitude: -1.5, sourceIndex: $0) })
    }

    static func temporaryDirectory() throws -> URL {
        try Scratch.directory("truth")
    }

    /// Values at the file's precision (ms, 1e-8°, mm) come back exactly.
    @Test func roundTrip() throws {
        let rows = Self.rows(5)
        let back = try TruthCSV.decode(TruthCSV.encode(rows), file: "t.truth.csv")
        #expect(back == rows)
    }

    @Test func aBadValueNamesTheFileLineAndColumn() throws {
        // An unknown anomaly on line 5 (header + rows 0…3; row 3 is the jump).
        let anomaly = String(decoding: TruthCSV.encode(Self.rows(4)), as: UTF8.self)
            .replacingOccurrences(of: ",jump\n", with: ",teleport\n")
        #expect(anomaly.contains(",teleport\n"))
        // A `moving` that is not true/false on line 5.
        let moving = String(decoding: TruthCSV.encode(Self.rows(3)), as: UTF8.self) + "3,1700000003,1700000003,51,-1.5,3,maybe,none\n"
        for (text, column) in [(anomaly, "'anomaly'"), (moving, "'moving'")] {
            do {
                _ = try TruthCSV.decode(Array(text.utf8), file: "x.truth.csv")
                Issue.record("expected an error for \(column)")
            } catch let e as TruthFileError {
                #expect(e.description.hasPrefix("x.truth.csv:5:"), "\(e)")
                #expect(e.description.contains(column), "\(e)")
            }
        }
        let noHeader = "a,b\n1,2\n"
        #expect(throws: TruthFileError.self) { try TruthCSV.decode(Array(noHeader.utf8), file: "y") }
    }

    @Test func aTruthOfAnotherLengthIsAnErrorNamingBothFiles() throws {
        do {
            try TruthCSV.checkAlignment(Self.rows(4), truthFile: "run.truth.csv", track: Self.track(5), trackFile: "run.gpx")
            Issue.record("expected a mismatch")
        } catch let e as TruthFileError {
            #expect(e.description.contains("run.truth.csv") && e.description.contains("run.gpx"))
            #expect(e.description.contains("4 rows") && e.description.contains("5 records"))
        }
    }

    @Test func truthTimesOutsideTheTrackAreAnErrorNamingBothFiles() throws {
        // The truth is an hour later than the track.
        do {
            try TruthCSV.checkAlignment(Self.rows(5, start: 1_700_003_600), truthFile: "a.truth.csv", track: Self.track(5), trackFile: "a.gpx")
            Issue.record("expected a mismatch")
        } catch let e as TruthFileError {
            #expect(e.description.contains("a.truth.csv") && e.description.contains("a.gpx"))
            #expect(e.description.contains("outside the track's time span"))
        }
        // In the span but shifted by one record: still an error.
        var shifted = Self.rows(5)
        shifted.swapAt(1, 2)
        for i in shifted.indices { shifted[i].sourceIndex = i }
        #expect(throws: TruthFileError.self) {
            try TruthCSV.checkAlignment(shifted, truthFile: "a.truth.csv", track: Self.track(5), trackFile: "a.gpx")
        }
        try TruthCSV.checkAlignment(Self.rows(5), truthFile: "a.truth.csv", track: Self.track(5), trackFile: "a.gpx")
    }

    @Test func companionsAreFoundByConvention() throws {
        let root = try Self.temporaryDirectory()
        let sub = root.appendingPathComponent("tracks")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let trackURL = sub.appendingPathComponent("phone.gpx")
        try Data(GPXWriter.write(Self.track(5))).write(to: trackURL)
        // Nothing yet.
        var found = DatasetTruth.companions(of: trackURL.path, root: root.path)
        #expect(found.truth == nil && found.route == nil && found.distance == nil)
        // planned-route.gpx one folder up, inside the root: found.
        let route = Track(fixes: [Fix(time: nil, latitude: 51, longitude: -1.5, sourceIndex: 0), Fix(time: nil, latitude: 51.001, longitude: -1.5, sourceIndex: 1)])
        try Data(GPXWriter.write(route)).write(to: root.appendingPathComponent("planned-route.gpx"))
        try Data("# race distance\n5000\n".utf8).write(to: sub.appendingPathComponent("phone.distance.txt"))
        try Data(TruthCSV.encode(Self.rows(5))).write(to: sub.appendingPathComponent("phone.truth.csv"))
        found = DatasetTruth.companions(of: trackURL.path, root: root.path)
        #expect(found.route?.hasSuffix("planned-route.gpx") == true)
        #expect(found.distance?.hasSuffix("phone.distance.txt") == true)
        #expect(found.truth?.hasSuffix("phone.truth.csv") == true)
        // Without the root the search stays in the track's own folder.
        #expect(DatasetTruth.companions(of: trackURL.path).route == nil)
        let truth = try DatasetTruth.load(for: try TrackReader.read(path: trackURL.path), trackPath: trackURL.path, root: root.path)
        #expect(truth.kind == "per-fix")
        #expect(truth.knownDistance == 5000)
        #expect(truth.route?.count == 2)
        // Folder expansion lists the track but none of its companions.
        let files = try DatasetFiles.expand([root.path]).map(\.track)
        #expect(files.map { URL(fileURLWithPath: $0).lastPathComponent } == ["phone.gpx"])
    }

    /// A folder without a track file is an error that names every extension a track file may have (the message
    /// once listed four of the eight formats): each extension it names is read as its format, and `.fit`, `.tcx`
    /// and `.ndjson` are among them.
    @Test func aFolderWithoutTracksNamesTheExtensionsItLookedFor() throws {
        let root = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("notes".utf8).write(to: root.appendingPathComponent("notes.txt"))
        do {
            _ = try DatasetFiles.expand([root.path])
            Issue.record("expected an error")
        } catch let e as TrackReadError {
            let named = e.message.split(whereSeparator: { " ,()".contains($0) }).filter { $0.hasPrefix(".") }.map(String.init)
            #expect(Set(named) == Set(TrackFormat.recognizedExtensions.map { "." + $0.pathExtension }), "\(e.message)")
            #expect(named.contains(".fit") && named.contains(".tcx") && named.contains(".ndjson"))
            for ext in named { #expect(TrackFormat(pathExtension: "a" + ext) != nil, "\(ext)") }
        }
    }

    @Test func aBadDistanceFileNamesItsLine() {
        do {
            _ = try DatasetTruth.parseDistance(Array("# x\nabout 5 km\n".utf8), file: "r.distance.txt")
            Issue.record("expected an error")
        } catch let e as TruthFileError {
            #expect(e.description.hasPrefix("r.distance.txt:2:"))
        } catch { Issue.record("\(error)") }
    }
}
