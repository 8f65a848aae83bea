import Foundation
import Testing
import TrackPipe
import TrackPipeIO
import TrackPipeTesting
@testable import TrackPipeStages

/// `fix-age` by hand, and `received` read from the stream input and from a CSV column.
@Suite struct FixAgeStageTests {
    typealias H = StageHarness<FixAgeStage>

    func fix(_ i: Int, time: Double?, received: Double?) -> Fix {
        Fix(time: time, latitude: 51.5, longitude: -0.1 + Double(i) * 1e-5, horizontalAccuracy: 5, sourceIndex: i, received: received)
    }

    @Test func staleFixesAreDropped() throws {
        let t = 1_700_000_000.0
        let fixes = [fix(0, time: t, received: t + 0.8), fix(1, time: t + 1, received: t + 11), fix(2, time: t + 2, received: t + 12.5),
                     fix(3, time: t + 3, received: nil), fix(4, time: nil, received: t + 99), fix(5, time: t + 5, received: t - 30)]
        let out = try StageTestSupport.liveEqualsOffline(try H(), fixes)
        #expect(out.keptIndices == [0, 1, 3, 4, 5])  // 10 s exactly is kept; no received, no time, negative age: kept
        #expect(out.drop(of: 2)?.rule == "stale" && out.drop(of: 2)?.measured == 10.5 && out.drop(of: 2)?.threshold == 10)
        #expect(try H(parameters: ["max-age": .number(0.5)]).run(fixes).keptIndices == [3, 4, 5])
    }

    @Test func receivedIsReadFromTheStreamInputAndFromCSV() throws {
        let ndjson = #"{"time": "2024-05-01T07:30:00Z", "lat": 51.5, "lon": -0.12, "received": "2024-05-01T07:30:12Z"}"#
        let a = try TrackReader.read(bytes: Array(ndjson.utf8), format: .ndjson, sourceName: "x.ndjson")
        #expect(a.fixes.first.map { $0.received! - $0.time! } == 12)
        let csv = "time,lat,lon,received\n1714548600,51.5,-0.12,1714548603.5\n"
        let b = try TrackReader.read(bytes: Array(csv.utf8), format: .csv, sourceName: "x.csv")
        #expect(b.fixes.first.map { $0.received! - $0.time! } == 3.5)
        let bad = try TrackReader.read(bytes: Array(#"{"lat": 1, "lon": 2, "received": "soon"}"#.utf8), format: .ndjson, sourceName: "x.ndjson")
        #expect(bad.rejected.map(\.rule) == ["unparseable-time"])
        // Written back: the NDJSON and CSV writers carry it.
        let written = String(decoding: try TrackWriter.encode(a, format: .ndjson), as: UTF8.self)
        #expect(written.contains(#""received":"2024-05-01T07:30:12Z""#))
        let csvOut = String(decoding: try TrackWriter.encode(b, format: .csv), as: UTF8.self)
        #expect(csvOut.contains("received") && csvOut.contains("2024-05-01T07:30:03.500Z"))
    }

    @Test func conforms() {
        let t = 1_700_000_000.0
        let tracks: [(name: String, track: Track)] = [
            ("empty", Track()), ("mixed", Track(fixes: (0..<20).map { fix($0, time: t + Double($0), received: t + Double($0) * 2) })),
        ]
        #expect(StageConformance.check(FixAgeStage.self, on: tracks).isEmpty)
    }
}
