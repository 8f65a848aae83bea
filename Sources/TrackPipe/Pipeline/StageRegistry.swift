/// Stages by name: the built-ins (`StageRegistry.builtIn()` in TrackPipeStages) plus any a third party
/// registers. Specs name stages; the registry turns names into stage types.
public struct StageRegistry: Sendable {
    private var types: [String: any Stage.Type] = [:]
    private var factories: [String: Factory] = [:]
    /// Names in registration order.
    public private(set) var names: [String] = []

    public init() {}

    /// Builds a stage from validated parameters. A host sets one (``setFactory(for:_:)``) to supply what a
    /// spec cannot carry — e.g. the CLI's `--badges FILE` catalog for the `badges` stage.
    public typealias Factory = @Sendable (StageParameters) throws -> any Stage

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case duplicateName(String)
        case invalidName(String)
        case notRegistered(String)
        public var description: String {
            switch self {
            case .notRegistered(let n): return "no stage named '\(n)' is registered"
            case .duplicateName(let n): return "a stage named '\(n)' is already registered"
            case .invalidName(let n): return "stage name '\(n)' is not kebab-case (lowercase letters, digits and single hyphens)"
            }
        }
    }

    /// Registers `type` under its descriptor's name. A second stage with the same name is an error.
    public mutating func register(_ type: any Stage.Type) throws {
        let name = type.descriptor.name
        guard Self.isKebabCase(name) else { throw Failure.invalidName(name) }
        guard types[name] == nil else { throw Failure.duplicateName(name) }
        types[name] = type
        names.append(name)
    }

    /// Builds the stage `name` with `factory` instead of its type's `init(parameters:)`. Parameters are still
    /// validated against the type's descriptor first, so specs, help and schema are unchanged.
    public mutating func setFactory(for name: String, _ factory: @escaping Factory) throws {
        guard types[name] != nil else { throw Failure.notRegistered(name) }
        factories[name] = factory
    }

    /// The stage type registered as `name`.
    public func type(named name: String) -> (any Stage.Type)? { types[name] }

    /// All registered stage types, in registration order.
    public var all: [any Stage.Type] { names.compactMap { types[$0] } }

    /// Validates `parameters` for the stage `name` and builds it; problems are located under `path`.
    public func makeStage(named name: String, parameters: [String: JSONValue], path: String) -> Result<any Stage, SpecProblems> {
        guard let type = types[name] else {
            let suggestion = NameSuggester.suggest(name, among: names)
            return .failure(SpecProblems([SpecProblem(
                path: path + ".stage",
                message: "unknown stage '\(name)'"
                    + (suggestion.isEmpty ? "" : "; did you mean " + suggestion.map { "'\($0)'" }.joined(separator: " or ") + "?")
                    + " (`trackpipe stages` lists them)")]))
        }
        switch StageParameters.validate(parameters, for: type.descriptor, path: path) {
        case .failure(let problems): return .failure(problems)
        case .success(let validated):
            do {
                if let factory = factories[name] { return .success(try factory(validated)) }
                return .success(try type.init(parameters: validated))
            } catch {
                return .failure(SpecProblems([SpecProblem(path: path, message: "stage '\(name)' refused its parameters: \(error)")]))
            }
        }
    }

    /// ASCII lowercase letters, digits and single hyphens, starting with a letter and not ending with a hyphen. Read as
    /// bytes: `Character`'s Unicode property queries cost 0.4 M instructions of every command's start (the built-in
    /// stages are registered each time), for names that may hold ASCII only.
    static func isKebabCase(_ s: String) -> Bool {
        let hyphen = UInt8(ascii: "-")
        var previous = hyphen
        for (k, byte) in s.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): break
            case UInt8(ascii: "0")...UInt8(ascii: "9"), hyphen:
                if k == 0 || (byte == hyphen && previous == hyphen) { return false }
            default: return false
            }
            previous = byte
        }
        return !s.isEmpty && previous != hyphen
    }
}
