/// A stage's self-description as data — what `trackpipe stages --json` prints — generated from its
/// descriptor, never maintained by hand.
public struct StageInfo: Sendable, Hashable, Codable {
    public struct Parameter: Sendable, Hashable, Codable {
        public var name: String
        /// `number`, `integer`, `boolean`, `string` or `choice`.
        public var type: String
        public var unit: String
        public var `default`: JSONValue?
        public var required: Bool
        public var choices: [String]?
        public var minimum: Double?
        public var minimumExclusive: Bool?
        public var maximum: Double?
        public var maximumExclusive: Bool?
        /// Interval notation of the allowed range, e.g. `(0, ∞)`.
        public var range: String?
        public var help: String
    }

    public var name: String
    public var summary: String
    public var discussion: String
    /// True when the stage can run live (fix by fix).
    public var causal: Bool
    public var parameters: [Parameter]

    public init(_ type: any Stage.Type) {
        let d = type.descriptor
        name = d.name
        summary = d.summary
        discussion = d.discussion
        causal = type.isCausal
        parameters = d.parameters.map { p in
            var choices: [String]?
            let kind: String
            switch p.kind {
            case .number: kind = "number"
            case .integer: kind = "integer"
            case .boolean: kind = "boolean"
            case .string: kind = "string"
            case .choice(let c): kind = "choice"; choices = c
            case .zones: kind = "zones"
            }
            return Parameter(name: p.name, type: kind, unit: p.unit.symbol, default: p.defaultValue,
                             required: p.isRequired && p.defaultValue == nil, choices: choices,
                             minimum: p.range?.lower, minimumExclusive: p.range.flatMap { $0.lower == nil ? nil : !$0.lowerInclusive },
                             maximum: p.range?.upper, maximumExclusive: p.range.flatMap { $0.upper == nil ? nil : !$0.upperInclusive },
                             range: p.range?.description, help: p.help)
        }
    }
}
