/// Checks a stage entry of a pipeline spec against the stage's parameter table.
enum ParameterValidator {
    static func validate(
        _ object: [String: JSONValue], for descriptor: StageDescriptor, path: String
    ) -> Result<StageParameters, SpecProblems> {
        var problems: [SpecProblem] = []
        var values: [String: JSONValue] = [:]
        let known = descriptor.parameters.map(\.name)
        for key in object.keys.sorted() where descriptor.parameter(named: key) == nil {
            let suggestion = NameSuggester.suggest(key, among: known)
            problems.append(SpecProblem(
                path: "\(path).\(key)",
                message: "unknown parameter '\(key)' for stage '\(descriptor.name)'"
                    + (suggestion.isEmpty ? "" : "; did you mean " + suggestion.map { "'\($0)'" }.joined(separator: " or ") + "?")
                    + (known.isEmpty ? " (it takes no parameters)" : "")
            ))
        }
        for p in descriptor.parameters {
            let here = "\(path).\(p.name)"
            guard let given = object[p.name] else {
                if p.isRequired && p.defaultValue == nil {
                    problems.append(SpecProblem(path: here, message: "missing required parameter '\(p.name)' (\(p.kind.expectation)\(p.unit == .none ? "" : " in \(p.unit.symbol)"))"))
                }
                values[p.name] = p.defaultValue ?? .null
                continue
            }
            if case .null = given, !p.isRequired {
                values[p.name] = .null
                continue
            }
            if let problem = check(given, against: p, path: here) {
                problems.append(problem)
            } else {
                values[p.name] = given
            }
        }
        if problems.isEmpty { return .success(StageParameters(stageName: descriptor.name, values: values)) }
        return .failure(SpecProblems(problems))
    }

    /// One zone: an object with exactly `latitude` (−90…90°), `longitude` (−180…180°) and `radius` (metres, in
    /// `range`).
    private static func checkZone(_ value: JSONValue, radius range: ParameterRange?, path: String) -> SpecProblem? {
        guard case .object(let fields) = value else {
            return SpecProblem(path: path, message: "expected an object {\"latitude\", \"longitude\", \"radius\"}, found \(value.typeName) \(value)")
        }
        if let extra = fields.keys.sorted().first(where: { !Zone.keys.contains($0) }) {
            let suggestion = NameSuggester.suggest(extra, among: Zone.keys)
            return SpecProblem(path: "\(path).\(extra)", message: "unknown key '\(extra)' in a zone (it has latitude, longitude and radius)"
                + (suggestion.isEmpty ? "" : "; did you mean '\(suggestion[0])'?"))
        }
        let limits: [(String, ParameterRange, String)] = [
            ("latitude", .closed(-90, 90), "°"), ("longitude", .closed(-180, 180), "°"),
            ("radius", range ?? .positive, " m"),
        ]
        for (key, allowed, unit) in limits {
            guard let v = fields[key] else { return SpecProblem(path: path, message: "a zone needs '\(key)'") }
            guard case .number(let d) = v else {
                return SpecProblem(path: "\(path).\(key)", message: "expected a number, found \(v.typeName) \(v)")
            }
            if !allowed.contains(d) {
                return SpecProblem(path: "\(path).\(key)", message: "\(v)\(unit) is out of range; allowed \(allowed)\(unit)")
            }
        }
        return nil
    }

    private static func check(_ value: JSONValue, against p: ParameterSpec, path: String) -> SpecProblem? {
        let unit = p.unit == .none ? "" : " \(p.unit.symbol)"
        func wrongType() -> SpecProblem {
            SpecProblem(path: path, message: "expected \(p.kind.expectation)\(unit.isEmpty ? "" : " (in\(unit))"), found \(value.typeName) \(value)")
        }
        switch p.kind {
        case .number, .integer:
            guard case .number(let d) = value else { return wrongType() }
            if case .integer = p.kind, d.rounded() != d {
                return SpecProblem(path: path, message: "expected an integer, found \(value)")
            }
            if let range = p.range, !range.contains(d) {
                return SpecProblem(path: path, message: "\(value)\(unit) is out of range; allowed \(range)\(unit)")
            }
            return nil
        case .boolean:
            guard case .bool = value else { return wrongType() }
            return nil
        case .string:
            guard case .string = value else { return wrongType() }
            return nil
        case .choice(let options):
            guard case .string(let s) = value else { return wrongType() }
            if options.contains(s) { return nil }
            let suggestion = NameSuggester.suggest(s, among: options)
            return SpecProblem(path: path, message: "\"\(s)\" is not \(p.kind.expectation)"
                + (suggestion.isEmpty ? "" : "; did you mean \"\(suggestion[0])\"?"))
        case .zones:
            guard case .array(let items) = value else { return wrongType() }
            guard items.count <= ParameterSpec.maximumZones else {
                return SpecProblem(path: path, message: "\(items.count) zones; at most \(ParameterSpec.maximumZones) (each fix is measured against every zone)")
            }
            for (i, item) in items.enumerated() {
                if let problem = checkZone(item, radius: p.range, path: "\(path)[\(i)]") { return problem }
            }
            return nil
        }
    }
}
