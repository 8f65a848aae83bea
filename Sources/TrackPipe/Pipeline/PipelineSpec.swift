import Foundation

/// A pipeline as written in JSON:
///
///     {"version": 1, "name": "runkeeper", "description": "…",
///      "stages": [{"stage": "accuracy-gate", "max-horizontal-accuracy": 20}, …]}
///
/// Each stage entry names its stage with `stage`, may carry a `label` (to use one stage twice), and gives
/// parameters inline. `PipelineSpec` checks only the document's shape; ``Pipeline/build(_:registry:)``
/// checks stages and parameters against a registry. The JSON Schema is `pipelines/pipeline.schema.json`.
public struct PipelineSpec: Sendable, Hashable {
    /// One stage entry of the spec.
    public struct Entry: Sendable, Hashable {
        public var stage: String
        /// Defaults to the stage name; must be unique within the pipeline.
        public var label: String
        /// The parameters as written (validated later against the stage's table).
        public var parameters: [String: JSONValue]
        /// The entry's JSON path, for messages (`$.stages[2]`).
        public var path: String

        public init(stage: String, label: String? = nil, parameters: [String: JSONValue] = [:], path: String = "$") {
            self.stage = stage
            self.label = label ?? stage
            self.parameters = parameters
            self.path = path
        }
    }

    /// The spec format version this TrackPipe reads.
    public static let currentVersion = 1
    /// Top-level keys of a spec.
    public static let topLevelKeys = ["version", "name", "description", "stages"]

    public var version: Int
    public var name: String
    public var description: String?
    public var entries: [Entry]
    /// The spec's canonical JSON (keys sorted, no whitespace, slashes unescaped): two specs that differ only in
    /// layout or key order have the same canonical text. Its SHA-256 (`contentHash`, from TrackPipeIO) is
    /// recorded in every output so a result can be reproduced.
    public var canonicalJSON: String
    /// The spec as parsed, for embedding in reports.
    public var document: JSONValue

    /// Parses and shape-checks a spec. Every problem is reported, each with its JSON path, or with line and
    /// column when the text is not JSON at all.
    public static func parse(_ data: Data, source: String? = nil) -> Result<PipelineSpec, SpecProblems> {
        let value: JSONValue
        switch JSONText.parseDocument(data) {
        case .failure(let problems): return .failure(SpecProblems(problems.problems, source: source))
        case .success(let v): value = v
        }
        return fromJSON(value, source: source)
    }

    /// Shape-checks an already parsed document.
    public static func fromJSON(_ value: JSONValue, source: String? = nil) -> Result<PipelineSpec, SpecProblems> {
        guard case .object(let root) = value else {
            return .failure(SpecProblems([SpecProblem(path: "$", message: "a pipeline spec must be a JSON object, found \(value.typeName)")], source: source))
        }
        var problems: [SpecProblem] = []
        for key in root.keys.sorted() where !topLevelKeys.contains(key) {
            let s = NameSuggester.suggest(key, among: topLevelKeys)
            problems.append(SpecProblem(path: "$.\(key)", message: "unknown key '\(key)'" + (s.isEmpty ? "" : "; did you mean '\(s[0])'?")
                + " (allowed: \(topLevelKeys.joined(separator: ", ")))"))
        }
        var version = 0
        switch root["version"] {
        case nil: problems.append(SpecProblem(path: "$.version", message: "missing required key 'version' (use \(currentVersion))"))
        case .number(let d)? where d == Double(currentVersion): version = currentVersion
        case let other?: problems.append(SpecProblem(path: "$.version", message: "unsupported version \(other); this TrackPipe reads version \(currentVersion)"))
        }
        var name = "unnamed"
        switch root["name"] {
        case nil: break
        case .string(let s)? where !s.isEmpty: name = s
        case let other?: problems.append(SpecProblem(path: "$.name", message: "expected a non-empty string, found \(other.typeName) \(other)"))
        }
        var description: String?
        switch root["description"] {
        case nil, .null?: break
        case .string(let s)?: description = s
        case let other?: problems.append(SpecProblem(path: "$.description", message: "expected a string, found \(other.typeName)"))
        }
        let (entries, stageProblems) = stageEntries(root["stages"])
        problems += stageProblems
        if !problems.isEmpty { return .failure(SpecProblems(problems, source: source)) }
        return .success(PipelineSpec(version: version, name: name, description: description, entries: entries,
                                     canonicalJSON: canonicalText(value), document: value))
    }

    /// The stage entries of `$.stages` that can be read, and the problems with the rest. Used by ``fromJSON(_:source:)``,
    /// and by ``Pipeline/load(_:source:registry:)`` to check the readable entries against the registry even when
    /// the spec has other problems, so one run of `validate` lists them all.
    static func stageEntries(_ stages: JSONValue?) -> (entries: [Entry], problems: [SpecProblem]) {
        var entries: [Entry] = []
        var problems: [SpecProblem] = []
        switch stages {
        case nil: problems.append(SpecProblem(path: "$.stages", message: "missing required key 'stages' (an array of stage objects; [] for a pipeline that only reads)"))
        case .array(let items)?:
            var labels = Set<String>()
            for (i, item) in items.enumerated() {
                let path = "$.stages[\(i)]"
                guard case .object(var fields) = item else {
                    problems.append(SpecProblem(path: path, message: "expected a stage object like {\"stage\": \"accuracy-gate\"}, found \(item.typeName)"))
                    continue
                }
                guard case .string(let stage)? = fields.removeValue(forKey: "stage") else {
                    problems.append(SpecProblem(path: path + ".stage", message: "missing the stage name: each entry needs \"stage\": \"<name>\""))
                    continue
                }
                var label: String?
                switch fields.removeValue(forKey: "label") {
                case nil: break
                case .string(let l)? where !l.isEmpty: label = l
                case let other?: problems.append(SpecProblem(path: path + ".label", message: "expected a non-empty string, found \(other.typeName)"))
                }
                let entry = Entry(stage: stage, label: label, parameters: fields, path: path)
                if !labels.insert(entry.label).inserted {
                    problems.append(SpecProblem(path: path, message: "a second stage labelled '\(entry.label)'; give one of them a distinct \"label\""))
                }
                entries.append(entry)
            }
        case let other?: problems.append(SpecProblem(path: "$.stages", message: "expected an array of stage objects, found \(other.typeName)"))
        }
        return (entries, problems)
    }

    /// `value` encoded as canonical JSON (sorted keys, no whitespace).
    public static func canonicalText(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let bytes = try? encoder.encode(value) else { return value.description }
        return String(decoding: bytes, as: UTF8.self)
    }
}
