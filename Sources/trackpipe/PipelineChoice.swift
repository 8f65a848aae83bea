import Foundation
import TrackPipe
import TrackPipeStages

/// A `--pipeline` value of `compare`: a spec file, or a preset name (`default`, `runkeeper`, `raw`, `smooth`)
/// when no file of that name exists.
enum PipelineChoice {
    static func load(_ value: String, registry: StageRegistry) throws -> Pipeline {
        let result: Result<Pipeline, SpecProblems>
        if FileManager.default.fileExists(atPath: value) {
            result = CLIPipelines.load(path: value, registry: registry)
        } else if let text = PresetPipelines.spec(named: value) {
            result = Pipeline.load(Array(text.utf8), source: "(preset \(value))", registry: registry)
        } else {
            throw CLIError("--pipeline \(value): no such file, and not a preset (presets: \(PresetPipelines.names.joined(separator: ", ")))")
        }
        switch result {
        case .success(let p): return p
        case .failure(let problems): throw CLIError("invalid pipeline spec:\n" + problems.description)
        }
    }
}
