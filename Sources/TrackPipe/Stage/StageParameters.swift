/// A stage's parameters after validation against its table: every declared parameter is present (given, or
/// its default), of the declared kind and inside its range. Built by the spec checker or, in tests, by
/// ``StageParameters/defaults(for:)`` and ``StageParameters/with(_:for:)``.
public struct StageParameters: Sendable, Hashable {
    /// Validated values by parameter name (`.null` for an optional parameter left off).
    public private(set) var values: [String: JSONValue]
    public let stageName: String

    init(stageName: String, values: [String: JSONValue]) {
        self.stageName = stageName
        self.values = values
    }

    /// Thrown when a stage asks for a parameter its table does not declare, or with the wrong kind —
    /// a bug in the stage, reported as an error rather than a trap.
    public struct AccessError: Error, CustomStringConvertible {
        public var stage: String
        public var parameter: String
        public var problem: String
        public var description: String { "stage \(stage): parameter '\(parameter)' \(problem)" }
    }

    private func value(_ name: String) throws -> JSONValue {
        guard let v = values[name] else {
            throw AccessError(stage: stageName, parameter: name, problem: "is not declared in its parameter table")
        }
        return v
    }

    /// A number parameter, in its declared unit.
    public func number(_ name: String) throws -> Double {
        guard let v = try optionalNumber(name) else {
            throw AccessError(stage: stageName, parameter: name, problem: "has no value and no default")
        }
        return v
    }

    /// A number parameter that may be off (`nil`).
    public func optionalNumber(_ name: String) throws -> Double? {
        switch try value(name) {
        case .null: return nil
        case .number(let d): return d
        case let other: throw AccessError(stage: stageName, parameter: name, problem: "is \(other.typeName), not a number")
        }
    }

    public func integer(_ name: String) throws -> Int {
        guard let v = try optionalInteger(name) else {
            throw AccessError(stage: stageName, parameter: name, problem: "has no value and no default")
        }
        return v
    }

    public func optionalInteger(_ name: String) throws -> Int? {
        guard let d = try optionalNumber(name) else { return nil }
        guard let i = Int(exactly: d) else {
            throw AccessError(stage: stageName, parameter: name, problem: "is \(d), not an integer")
        }
        return i
    }

    public func bool(_ name: String) throws -> Bool {
        switch try value(name) {
        case .bool(let b): return b
        case let other: throw AccessError(stage: stageName, parameter: name, problem: "is \(other.typeName), not a boolean")
        }
    }

    /// A string or choice parameter.
    public func string(_ name: String) throws -> String {
        guard let s = try optionalString(name) else {
            throw AccessError(stage: stageName, parameter: name, problem: "has no value and no default")
        }
        return s
    }

    public func optionalString(_ name: String) throws -> String? {
        switch try value(name) {
        case .null: return nil
        case .string(let s): return s
        case let other: throw AccessError(stage: stageName, parameter: name, problem: "is \(other.typeName), not a string")
        }
    }

    /// A choice parameter as a `RawRepresentable` enum.
    /// A `zones` parameter's places (already checked by the spec's validation).
    public func zones(_ name: String) throws -> [Zone] {
        let items: [JSONValue]
        switch try value(name) {
        case .null: return []
        case .array(let a): items = a
        case let other: throw AccessError(stage: stageName, parameter: name, problem: "is \(other.typeName), not a list of zones")
        }
        return try items.map { item in
            guard case .object(let o) = item, case .number(let lat)? = o["latitude"], case .number(let lon)? = o["longitude"],
                  case .number(let r)? = o["radius"] else {
                throw AccessError(stage: stageName, parameter: name, problem: "holds \(item), not a {latitude, longitude, radius} object")
            }
            return Zone(center: GeoPoint(latitude: lat, longitude: lon), radius: r)
        }
    }

    public func choice<E: RawRepresentable>(_ name: String, as type: E.Type = E.self) throws -> E where E.RawValue == String {
        let s = try string(name)
        guard let e = E(rawValue: s) else {
            throw AccessError(stage: stageName, parameter: name, problem: "is \"\(s)\", not a known choice")
        }
        return e
    }

    /// The defaults of `descriptor`'s table (`.null` for parameters without one).
    public static func defaults(for descriptor: StageDescriptor) -> StageParameters {
        var values: [String: JSONValue] = [:]
        for p in descriptor.parameters { values[p.name] = p.defaultValue ?? .null }
        return StageParameters(stageName: descriptor.name, values: values)
    }

    /// Validates `object` (the spec entry minus its `stage` key) against `descriptor`'s table.
    /// Problems carry JSON paths under `path` (e.g. `$.stages[2]`).
    public static func validate(
        _ object: [String: JSONValue], for descriptor: StageDescriptor, path: String
    ) -> Result<StageParameters, SpecProblems> {
        ParameterValidator.validate(object, for: descriptor, path: path)
    }

    /// These parameters with some values replaced, validated against `descriptor` — for tests and harnesses.
    public static func with(
        _ overrides: [String: JSONValue], for descriptor: StageDescriptor
    ) throws -> StageParameters {
        try validate(overrides, for: descriptor, path: "$").get()
    }
}
