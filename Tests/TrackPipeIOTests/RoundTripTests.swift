import Foundation
import Testing
import TrackPipe
import TrackPipeLab
import TrackPipeIO
import TestSupport

/// Writing a track and reading it back loses nothing the model holds, for every writer and across formats.
/// A property over seeded random tracks (``RandomTrack``; a failing seed fails again), plus the real files.
///
/// What a format cannot hold is stated, not hidden: CSV and NDJSON have no place for the track's name and
/// activity (GPX keeps them in `<trk>`, GeoJSON in the feature's properties); `sourceFormat` records what was
/// read. TCX holds less still (no accuracy, DOP or course): `TCXWriterSchemaTests` checks what it keeps.
@Suite struct RoundTripTests {
    static let writable: [TrackFormat] = [.gpx, .csv, .geojson, .ndjson]
    static let seeds: [UInt64] = Array(1...150)

    /// Written with a provenance (which every reader skips), so an empty track is a readable NDJSON file too.
    func roundTrip(_ track: Track, _ format: TrackFormat) throws -> Track {
        let provenance = Provenance(pipelineName: "round-trip", canonicalSpec: "{}", trackpipeVersion: "0")
        let bytes = try TrackWriter.encode(track, format: format, provenance: provenance)
        return try TrackReader.read(bytes: bytes, format: format, sourceName: "round-trip.\(format.fileExtension)")
    }

    func keepsNameAndActivity(_ format: TrackFormat) -> Bool { format != .csv && format != .ndjson }

    /// Written block by block (as `trackpipe run` writes files), a large track reads back the same, arrives in
    /// several blocks of bounded size for GPX and CSV (never held whole as text), and in one for the others.
    @Test(arguments: writable + [.tcx])
    func blockWiseWritingReadsBackTheSame(_ format: TrackFormat) throws {
        var rng = SplitMix64(seed: 4242)
        var track = RandomTrack.make(&rng, maxFixes: 60)
        while track.fixes.count < 3000 { track.fixes += RandomTrack.make(&rng, maxFixes: 60).fixes }
        var t = 0.0
        for i in track.fixes.indices {  // one run: times in order (TCX needs one on every fix), segments numbered up
            t += 1
            track.fixes[i].time = t
            track.fixes[i].sourceIndex = i
            track.fixes[i].segment = i / 1000
        }
        var blocks: [[UInt8]] = []
        try TrackWriter.encode(track, format: format, target: "big.\(format.fileExtension)") { blocks.append($0) }
        let bytes = blocks.flatMap { $0 }
        if format == .gpx || format == .csv {
            #expect(blocks.count > 1)
            // A block is handed on once it reaches 256 KiB: at most one record more.
            #expect(blocks.allSatisfy { $0.count < 256 * 1024 + 4096 }, "\(blocks.map(\.count).max() ?? 0) bytes")
        } else {
            #expect(blocks.count == 1)
        }
        let back = try TrackReader.read(bytes: bytes, format: format, sourceName: "big.\(format.fileExtension)")
        #expect(back.fixes.count == track.fixes.count)
        if format != .tcx {
            let diff = FixComparison.firstDifference(track.fixes, back.fixes)
            #expect(diff == nil, "\(format.rawValue): \(diff ?? "")")
        }
        // Gzip targets get one compressed block, the same document once decompressed.
        var gz: [[UInt8]] = []
        try TrackWriter.encode(track, format: format, target: "big.\(format.fileExtension).gz") { gz.append($0) }
        #expect(gz.count == 1)
        let unzipped = try TrackReader.read(bytes: gz[0], format: format, sourceName: "big.\(format.fileExtension).gz")
        #expect(unzipped.fixes.count == track.fixes.count)
    }

    /// A track long enough to be formatted on every core (`OutputBlock.parallelThreshold` fixes or more in a
    /// segment, over several waves of ranges, the last range short) reads back the same, for the writers that do
    /// so; GPX's second segment, shorter than the threshold, is written on one thread after it.
    @Test(arguments: [TrackFormat.gpx, .csv, .ndjson])
    func longSegmentsWrittenOnEveryCoreReadBackTheSame(_ format: TrackFormat) throws {
        var rng = SplitMix64(seed: 977)
        var track = Track(name: "long", activity: .running)
        while track.fixes.count < 3 * 4096 * 2 + 16_384 + 1234 { track.fixes += RandomTrack.make(&rng, maxFixes: 60).fixes }
        let firstSegment = track.fixes.count - 10_000
        for i in track.fixes.indices {
            track.fixes[i].time = Double(i)
            track.fixes[i].sourceIndex = i
            track.fixes[i].segment = i < firstSegment ? 0 : 1
        }
        var blocks: [[UInt8]] = []
        try TrackWriter.encode(track, format: format, target: "long.\(format.fileExtension)") { blocks.append($0) }
        let back = try TrackReader.read(bytes: blocks.flatMap { $0 }, format: format, sourceName: "long.\(format.fileExtension)")
        #expect(back.fixes.count == track.fixes.count)
        let diff = FixComparison.firstDifference(track.fixes, back.fixes)
        #expect(diff == nil, "\(format.rawValue): \(diff ?? "")")
    }

    @Test(arguments: writable)
    func sameFormatProperty(_ format: TrackFormat) throws {
        for seed in Self.seeds {
            var rng = SplitMix64(seed: seed)
            let track = RandomTrack.make(&rng)
            let back = try roundTrip(track, format)
            #expect(back.rejected.isEmpty, "seed \(seed): \(back.rejected.first.map { "\($0.rule): \($0.reason)" } ?? "")")
            let diff = FixComparison.firstDifference(track.fixes, back.fixes)
            #expect(diff == nil, "seed \(seed), \(format.rawValue): \(diff ?? "")")
            #expect(back.sourceFormat == format.rawValue)
            if keepsNameAndActivity(format) {
                #expect(back.name == track.name && back.activity == track.activity, "seed \(seed)")
            }
            if diff != nil { break }  // one readable failure, not 150
        }
    }

    @Test(arguments: [[TrackFormat.gpx, .csv, .geojson, .gpx], [.geojson, .gpx, .csv, .geojson], [.csv, .geojson, .gpx, .csv], [.gpx, .ndjson, .csv, .ndjson]])
    func acrossFormatsProperty(_ chain: [TrackFormat]) throws {
        for seed in Self.seeds.prefix(60) {
            var rng = SplitMix64(seed: seed &* 7919)
            let track = RandomTrack.make(&rng)
            var current = track
            for format in chain { current = try roundTrip(current, format) }
            let diff = FixComparison.firstDifference(track.fixes, current.fixes)
            #expect(diff == nil, "seed \(seed) via \(chain.map(\.rawValue)): \(diff ?? "")")
            if diff != nil { break }
        }
    }

    @Test func writingIsDeterministicAndIdempotent() throws {
        var rng = SplitMix64(seed: 42)
        let track = RandomTrack.make(&rng, maxFixes: 200)
        for format in Self.writable {
            let once = try TrackWriter.encode(track, format: format)
            #expect(try TrackWriter.encode(track, format: format) == once)
            // Writing what was read gives the same bytes.
            #expect(try TrackWriter.encode(roundTrip(track, format), format: format) == once, "\(format.rawValue)")
        }
    }

    @Test func emptyTrack() throws {
        // An empty track as NDJSON is an empty file, and an empty file is an error to read (input that says
        // nothing is not taken for an empty track); with a provenance line it reads back empty.
        let provenance = Provenance(pipelineName: "p", canonicalSpec: "{}", trackpipeVersion: "0")
        let ndjson = try TrackWriter.encode(Track(), format: .ndjson, provenance: provenance)
        #expect(try TrackReader.read(bytes: ndjson, format: .ndjson, sourceName: "e.ndjson").fixes.isEmpty)
        for format in Self.writable where format != .ndjson {
            let back = try roundTrip(Track(name: "Nothing yet"), format)
            #expect(back.fixes.isEmpty && back.rejected.isEmpty, "\(format.rawValue)")
        }
    }

    @Test func longitude180IsWrittenAsMinus180InGPX() throws {
        // GPX 1.1's longitudeType is −180 ≤ lon < 180; the same meridian is written as −180.
        let track = Track(fixes: [Fix(time: nil, latitude: 10, longitude: 180, sourceIndex: 0)])
        #expect(try roundTrip(track, .gpx).fixes.first?.longitude == -180)
        #expect(try roundTrip(track, .csv).fixes.first?.longitude == 180)
    }

    /// Real recordings of every readable kind, written in each format and read back.
    @Test(arguments: [
        "applewatch-run/myfile_multseg.gpx", "gpsbabel-loggers/mtk_logger.gpx", "gpsbabel-loggers/sbn-v13.gpx",
        "whitchurch-ride-A/tracks/xiaomi.gpx", "whitchurch-ride-A/planned-route.gpx",
        "fenix2-run-fit/activity-small-fenix2-run.derived.csv",
        "f9k-rtk-drive/MTV.Local1.ublox-F9K.20200206-181434.nmea",
        "gnsslogger-static/pseudoranges_log_2016_06_30_21_26_07.txt",
    ])
    func realFiles(_ relative: String) throws {
        let original = try TrackReader.read(path: try TestData.real(relative))
        // The readers number records; with nothing rejected, that is each fix's position.
        #expect(original.rejected.isEmpty && original.fixes.map(\.sourceIndex) == Array(original.fixes.indices))
        for format in Self.writable {
            let back = try roundTrip(original, format)
            let diff = FixComparison.firstDifference(original.fixes, back.fixes)
            #expect(diff == nil, "\(relative) as \(format.rawValue): \(diff ?? "")")
        }
    }
}
