/// One row of a stage's parameter table: the single declaration of a parameter's name, type, unit, default,
/// allowed range and help. Spec validation, `trackpipe stages` and the JSON Schema are all generated from it.
public struct ParameterSpec: Sendable, Hashable {
    /// The kind of value a parameter takes.
    public enum Kind: Sendable, Hashable {
        case number
        case integer
        case boolean
        case string
        /// One of a fixed set of strings.
        case choice([String])
        /// A list of circular places (``Zone``): a JSON array of `{"latitude", "longitude", "radius"}` objects,
        /// degrees and metres; the parameter's ``ParameterSpec/range`` applies to each radius; at most
        /// ``ParameterSpec/maximumZones`` of them.
        case zones

        /// For messages: "a number", "one of: a, b".
        public var expectation: String {
            switch self {
            case .number: return "a number"
            case .integer: return "an integer"
            case .boolean: return "true or false"
            case .string: return "a string"
            case .choice(let options): return "one of " + options.map { "\"\($0)\"" }.joined(separator: ", ")
            case .zones: return "a list of {\"latitude\", \"longitude\", \"radius\"} objects"
            }
        }
    }

    /// Kebab-case name, as written in a pipeline spec.
    public var name: String
    public var kind: Kind
    public var unit: MeasurementUnit
    /// The value used when the spec omits the parameter. `nil` with ``isRequired`` false means the parameter
    /// is off unless given (its accessor returns `nil`).
    public var defaultValue: JSONValue?
    /// A spec that omits a required parameter is refused.
    public var isRequired: Bool
    /// Allowed numeric range (numbers and integers), in ``unit``.
    public var range: ParameterRange?
    /// One line or a short paragraph: what it does, its default and why.
    public var help: String

    public init(
        name: String, kind: Kind, unit: MeasurementUnit = .none, defaultValue: JSONValue? = nil,
        isRequired: Bool = false, range: ParameterRange? = nil, help: String
    ) {
        self.name = name
        self.kind = kind
        self.unit = unit
        self.defaultValue = defaultValue
        self.isRequired = isRequired
        self.range = range
        self.help = help
    }

    /// A number in `unit` with a default (pass `nil` for an optional parameter that is off by default).
    public static func number(
        _ name: String, unit: MeasurementUnit, default value: Double?, range: ParameterRange? = nil, help: String
    ) -> ParameterSpec {
        ParameterSpec(name: name, kind: .number, unit: unit, defaultValue: value.map(JSONValue.number), range: range, help: help)
    }

    public static func integer(
        _ name: String, unit: MeasurementUnit = .none, default value: Int?, range: ParameterRange? = nil, help: String
    ) -> ParameterSpec {
        ParameterSpec(name: name, kind: .integer, unit: unit, defaultValue: value.map { .number(Double($0)) }, range: range, help: help)
    }

    public static func boolean(_ name: String, default value: Bool, help: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .boolean, defaultValue: .bool(value), help: help)
    }

    public static func choice(_ name: String, _ options: [String], default value: String?, help: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .choice(options), defaultValue: value.map(JSONValue.string), help: help)
    }

    /// Most zones a `zones` parameter takes: a stage measures every fix against each, so the list bounds the work.
    public static let maximumZones = 1_000

    /// A list of ``Zone``s, `radius` metres within `radius` (the range); the default is an empty list.
    public static func zones(_ name: String, radius range: ParameterRange, help: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .zones, unit: .metres, defaultValue: .array([]), range: range, help: help)
    }

    public static func string(_ name: String, default value: String?, help: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .string, defaultValue: value.map(JSONValue.string), help: help)
    }
}

/// An allowed numeric interval; either end may be open, closed or absent.
public struct ParameterRange: Sendable, Hashable, CustomStringConvertible {
    public var lower: Double?
    public var lowerInclusive: Bool
    public var upper: Double?
    public var upperInclusive: Bool

    public init(lower: Double?, lowerInclusive: Bool = true, upper: Double?, upperInclusive: Bool = true) {
        self.lower = lower
        self.lowerInclusive = lowerInclusive
        self.upper = upper
        self.upperInclusive = upperInclusive
    }

    /// x > 0.
    public static let positive = ParameterRange(lower: 0, lowerInclusive: false, upper: nil)
    /// x ≥ 0.
    public static let nonNegative = ParameterRange(lower: 0, upper: nil)
    /// lo ≤ x ≤ hi.
    public static func closed(_ lo: Double, _ hi: Double) -> ParameterRange { ParameterRange(lower: lo, upper: hi) }
    /// x ≥ lo.
    public static func atLeast(_ lo: Double) -> ParameterRange { ParameterRange(lower: lo, upper: nil) }

    public func contains(_ x: Double) -> Bool {
        guard x.isFinite else { return false }
        if let lower, lowerInclusive ? x < lower : x <= lower { return false }
        if let upper, upperInclusive ? x > upper : x >= upper { return false }
        return true
    }

    /// Interval notation: `(0, ∞)`, `[1, 100]`.
    public var description: String {
        let lo = lower.map { JSONValue.number($0).description } ?? "−∞"
        let hi = upper.map { JSONValue.number($0).description } ?? "∞"
        return (lower != nil && lowerInclusive ? "[" : "(") + lo + ", " + hi + (upper != nil && upperInclusive ? "]" : ")")
    }
}
