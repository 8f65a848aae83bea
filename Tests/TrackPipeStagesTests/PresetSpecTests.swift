import Foundation
import Testing
import TrackPipe
import TrackPipeStages
import TestSupport

/// The presets (what `--pipeline NAME` runs) are compiled from pipelines/NAME.json: every spec file there is a
/// preset under its own name, each validates, and each has the stages its description promises.
@Suite struct PresetSpecTests {
    /// Every pipelines/*.json but the schema is a preset, and every preset has its file: a file added without
    /// its resource line in Package.swift (or a resource without a file) fails here.
    @Test func everySpecFileIsAPresetUnderItsName() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: TestData.pipelines.path)
            .filter { $0.hasSuffix(".json") && $0 != "pipeline.schema.json" }
            .map { String($0.dropLast(".json".count)) }
        #expect(Set(files) == Set(PresetPipelines.names))
        for name in files {
            let text = try #require(PresetPipelines.spec(named: name))
            let document = try JSONText.parse(Data(text.utf8)).get()
            let file = try JSONText.parse(try Data(contentsOf: TestData.pipelines.appendingPathComponent("\(name).json"))).get()
            #expect(document == file, "\(name)")
            guard case .object(let fields) = document else { Issue.record("\(name) is not an object"); continue }
            #expect(fields["name"] == .string(name), "\(name): the spec's name is its file name")
        }
    }

    @Test(arguments: PresetPipelines.names)
    func presetValidates(name: String) throws {
        #expect(try stages(name) != nil)
    }

    func stages(_ name: String) throws -> [String]? {
        let text = try #require(PresetPipelines.spec(named: name))
        switch Pipeline.load(Array(text.utf8), source: name, registry: try StageRegistry.builtIn()) {
        case .success(let p): return p.steps.map(\.name)
        case .failure(let problems):
            Issue.record("\(name) does not validate: \(problems)")
            return nil
        }
    }

    @Test func rawOnlyMeasures() throws {
        #expect(try stages("raw") == ["distance"])
    }

    @Test func smoothIsTheRunkeeperFiltersThenTheSmoother() throws {
        let runkeeper = try #require(try stages("runkeeper"))
        #expect(try stages("smooth") == runkeeper + ["kalman-smoother", "distance"])
    }

    @Test func runkeeper600ThinsAfterTheRunkeeperFilters() throws {
        #expect(try stages("runkeeper-600") == (try #require(try stages("runkeeper"))) + ["thin"])
    }

    /// The share preset hides places before anything is measured (no checkpoint or split in a hidden place) and
    /// simplifies last.
    @Test func shareHidesBeforeMeasuringAndSimplifiesLast() throws {
        let names = try #require(try stages("share"))
        let hide = try #require(names.firstIndex(of: "privacy-zones"))
        for measure in ["distance", "splits", "badges"] { #expect(hide < names.firstIndex(of: measure)!) }
        #expect(names.last == "simplify")
    }

    @Test func unknownPresetIsNil() {
        #expect(PresetPipelines.spec(named: "fast") == nil)
    }
}
