import ArgumentParser
import Foundation
import TrackPipe
import TrackPipeStages

/// A user-facing error: printed as `trackpipe: error: MESSAGE` with exit status 1, no stack trace.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

/// The registry the CLI uses: the built-in stages.
enum CLIRegistry {
    static func make() throws -> StageRegistry { try StageRegistry.builtIn() }
}

/// Loads pipeline specs for the CLI: a file, a preset name, or the embedded default.
enum CLIPipelines {
    /// The spec file at `path` or, when no file of that name exists, the preset it names (`default`,
    /// `runkeeper`, `raw`, `smooth`), so every `--pipeline` takes either.
    static func load(path: String, registry: StageRegistry) -> Result<Pipeline, SpecProblems> {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            if !exists, let text = PresetPipelines.spec(named: path) {
                return Pipeline.load(Array(text.utf8), source: "(preset \(path))", registry: registry)
            }
            let why = exists ? "cannot be read"
                : "does not exist, and '\(path)' is not a preset (presets: \(PresetPipelines.names.joined(separator: ", ")))"
            return .failure(SpecProblems([SpecProblem(path: "$", message: "the spec file \(why)")], source: path))
        }
        return Pipeline.load(Array(data), source: path, registry: registry)
    }

    /// The spec or preset `path` names, or the embedded default pipeline when `path` is nil (with `causalOnly`,
    /// the default pipeline's causal stages only — what `stream` runs when given no spec).
    static func loadOrDefault(path: String?, registry: StageRegistry, causalOnly: Bool = false) throws -> Pipeline {
        let result = path.map { load(path: $0, registry: registry) }
            ?? Pipeline.load(Array(PresetPipelines.defaultSpec.utf8), source: "(default pipeline)", registry: registry)
        switch result {
        case .success(let p):
            guard causalOnly else { return p }
            return p.causalPart()
        case .failure(let problems): throw CLIError("invalid pipeline spec:\n" + problems.description)
        }
    }
}

/// Pretty, key-sorted JSON for terminal and file output. TrackPipe's own documents (reports, `--json`
/// listings) use snake_case keys; `verbatim` keeps keys as they are (JSON Schema, specs).
enum CLIJSON {
    static func string<T: Encodable>(_ value: T, verbatim: Bool = false) throws -> String {
        String(decoding: try data(value, verbatim: verbatim), as: UTF8.self)
    }

    static func data<T: Encodable>(_ value: T, verbatim: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if !verbatim { encoder.keyEncodingStrategy = .convertToSnakeCase }
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(value)
    }
}

/// Word-wraps help text for the terminal.
enum TextWrap {
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(line)
        }
        return lines
    }
}
