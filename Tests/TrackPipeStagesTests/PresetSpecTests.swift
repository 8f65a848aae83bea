import Foundation
import Testing
import TrackPipe
import TrackPipeStages

/// The embedded presets (what `compare --pipeline NAME` runs) are the committed pipelines/NAME.json files,
/// validate, and have the stages their descriptions promise.
@Suite struct PresetSpecTests {
    func fileDocument(_ name: String) throws -> JSONValue {
        let url = SharedData.packageRoot.appendingPathComponent("pipelines/\(name).json")
        return try JSONText.parse(try Data(contentsOf: url)).get()
    }

    @Test(arguments: PresetPipelines.names)
    func embeddedPresetIsTheCommittedFile(name: String) throws {
        let text = try #require(PresetPipelines.spec(named: name))
        #expect(try JSONText.parse(Data(text.utf8)).get() == (try fileDocument(name)))
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

    @Test func unknownPresetIsNil() {
        #expect(PresetPipelines.spec(named: "fast") == nil)
    }
}
