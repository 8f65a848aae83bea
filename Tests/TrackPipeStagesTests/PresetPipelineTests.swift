import Foundation
import Testing
import TrackPipe
import TrackPipeStages
import TestSupport

/// The committed pipeline files stay in step with the code that generates or embeds them.
@Suite struct PresetPipelineTests {
    static let pipelines = TestData.pipelines

    func document(_ name: String) throws -> JSONValue {
        let data = try Data(contentsOf: Self.pipelines.appendingPathComponent(name))
        return try JSONText.parse(data).get()
    }

    @Test func everyPresetValidates() throws {
        let registry = try StageRegistry.builtIn()
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.pipelines.path).filter { $0.hasSuffix(".json") && !$0.contains("schema") }
        #expect(names.contains("default.json") && names.contains("runkeeper.json"))
        for name in names {
            let data = try Data(contentsOf: Self.pipelines.appendingPathComponent(name))
            let result = Pipeline.load(Array(data), source: name, registry: registry)
            if case .failure(let p) = result { Issue.record("\(p)") }
        }
    }

    /// Regenerate with `swift run trackpipe stages --schema > pipelines/pipeline.schema.json`.
    @Test func committedSchemaIsTheGeneratedOne() throws {
        let generated = PipelineSchema.generate(for: try StageRegistry.builtIn())
        #expect(try document("pipeline.schema.json") == generated)
    }
}
