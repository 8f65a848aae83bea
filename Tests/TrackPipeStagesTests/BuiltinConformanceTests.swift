import Foundation
import Testing
import TrackPipe
import TrackPipeTesting
import TrackPipeIO
import TrackPipeStages
import TestSupport

/// Every registered stage, with its default parameters, passes the conformance checks on an empty track,
/// a one-fix track, odd synthetic tracks, every committed simulated dataset (datasets/*.gpx) and every real
/// recording in Tests/Data/real. A new built-in
/// stage is covered by adding it to `BuiltinStages.all`; nothing here names a stage.
@Suite struct BuiltinConformanceTests {
    /// Every readable recording under Tests/Data/real (GPX, NMEA, GnssLogger, CSV), read once.
    static let realTracks: [(name: String, track: Track)] = {
        let root = TestData.root.appendingPathComponent("real")
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var tracks: [(name: String, track: Track)] = []
        for case let relative as String in walker {
            let lower = relative.lowercased()
            guard lower.hasSuffix(".gpx") || lower.hasSuffix(".nmea") || lower.hasSuffix(".derived.csv")
                || (lower.hasSuffix(".txt") && lower.contains("pseudoranges")) else { continue }
            if let track = try? TrackReader.read(path: root.appendingPathComponent(relative).path) {
                tracks.append((relative, track))
            }
        }
        return tracks.sorted { $0.name < $1.name }
    }()

    /// Every committed simulated dataset (datasets/*.gpx), read once.
    static let committedTracks: [(name: String, track: Track)] = {
        let root = TestData.datasets
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { $0.hasSuffix(".gpx") }.sorted().compactMap { name in
            (try? TrackReader.read(path: root.appendingPathComponent(name).path)).map { ("datasets/" + name, $0) }
        }
    }()

    @Test func theCommittedDatasetsAreThere() {
        #expect(Self.committedTracks.count == 10, "read \(Self.committedTracks.map(\.name))")
    }

    /// Every preset pipeline, offline, runs to the end on every committed dataset and real recording. The
    /// runner throws when a stage loses, invents or repeats a fix (PipelineRunnerTests,
    /// PipelineAccountingTests), so a run that returns has accounted for every record; re-counting its
    /// result here could not fail.
    @Test(arguments: PresetPipelines.names)
    func presetRunsOnEveryDataset(preset: String) throws {
        let pipeline = try TestPipelines.preset(preset)
        for (name, track) in Self.committedTracks + Self.realTracks {
            #expect(throws: Never.self, "\(preset) on \(name)") { _ = try pipeline.run(track) }
        }
    }

    @Test func theRealRecordingsAreThere() {
        // 1 Apple Watch + 8 Whitchurch (7 devices + route) + 1 NMEA + 1 GnssLogger + 3 GPSBabel + 1 FIT dump.
        #expect(Self.realTracks.count == 15, "read \(Self.realTracks.map(\.name)) from \(TestData.root.path)")
    }

    @Test(arguments: BuiltinStages.all.map { StageName(type: $0) })
    func conforms(_ stage: StageName) {
        let tracks = [("empty", Track()), ("one fix", Track(fixes: [Fix(time: 1_700_000_000, latitude: 51.5, longitude: -0.1, horizontalAccuracy: 5, sourceIndex: 0)]))]
            + MeasureStagesConformanceTests.tracks + Self.committedTracks + Self.realTracks
        let failures = StageConformance.check(stage.type, on: tracks)
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func everyBuiltinHasHelpForEveryParameter() {
        for type in BuiltinStages.all {
            let d = type.descriptor
            #expect(!d.summary.isEmpty, "\(d.name)")
            for p in d.parameters { #expect(p.help.count > 20, "\(d.name).\(p.name) needs help that says what and why") }
        }
    }
}

/// A stage type with a readable name, for parameterized test output.
struct StageName: CustomTestStringConvertible, Sendable {
    let type: any Stage.Type
    var testDescription: String { type.descriptor.name }
}
