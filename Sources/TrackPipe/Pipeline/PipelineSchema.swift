/// Generates the JSON Schema (draft 2020-12) of pipeline specs from a registry's parameter tables, so the
/// published schema can never drift from what `trackpipe validate` accepts.
public enum PipelineSchema {
    public static func generate(for registry: StageRegistry) -> JSONValue {
        let stageSchemas: [JSONValue] = registry.all.map { type in
            let info = StageInfo(type)
            var properties: [String: JSONValue] = [
                "stage": .object(["const": .string(info.name)]),
                "label": .object(["type": .string("string"), "minLength": .number(1)]),
            ]
            var required: [JSONValue] = [.string("stage")]
            for p in info.parameters {
                var s: [String: JSONValue] = ["description": .string(p.help + (p.unit.isEmpty ? "" : " Unit: \(p.unit)."))]
                switch p.type {
                case "choice": s["enum"] = .array((p.choices ?? []).map(JSONValue.string))
                case "zones": s["type"] = .string("array"); s["items"] = zoneSchema(p); s["maxItems"] = .number(Double(ParameterSpec.maximumZones))
                default: s["type"] = .string(p.type)
                }
                if let d = p.default, d != .null { s["default"] = d } else if !p.required { s["type"] = .array([.string(p.type == "choice" ? "string" : p.type), .string("null")]) }
                if p.type != "zones", let m = p.minimum { s[p.minimumExclusive == true ? "exclusiveMinimum" : "minimum"] = .number(m) }
                if p.type != "zones", let m = p.maximum { s[p.maximumExclusive == true ? "exclusiveMaximum" : "maximum"] = .number(m) }
                properties[p.name] = .object(s)
                if p.required { required.append(.string(p.name)) }
            }
            return .object([
                "type": .string("object"),
                "description": .string(info.summary),
                "properties": .object(properties),
                "required": .array(required),
                "additionalProperties": .bool(false),
            ])
        }
        /// One zone: latitude and longitude in degrees, the radius within the parameter's range.
        func zoneSchema(_ p: StageInfo.Parameter) -> JSONValue {
            var radius: [String: JSONValue] = ["type": .string("number"), "description": .string("Metres.")]
            if let m = p.minimum { radius[p.minimumExclusive == true ? "exclusiveMinimum" : "minimum"] = .number(m) }
            if let m = p.maximum { radius[p.maximumExclusive == true ? "exclusiveMaximum" : "maximum"] = .number(m) }
            return .object([
                "type": .string("object"),
                "required": .array(Zone.keys.map(JSONValue.string)),
                "additionalProperties": .bool(false),
                "properties": .object([
                    "latitude": .object(["type": .string("number"), "minimum": .number(-90), "maximum": .number(90), "description": .string("Degrees.")]),
                    "longitude": .object(["type": .string("number"), "minimum": .number(-180), "maximum": .number(180), "description": .string("Degrees.")]),
                    "radius": .object(radius),
                ]),
            ])
        }
        return .object([
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "$id": .string("https://trackpipe.dev/schema/pipeline-v\(PipelineSpec.currentVersion).json"),
            "title": .string("TrackPipe pipeline spec"),
            "type": .string("object"),
            "required": .array([.string("version"), .string("stages")]),
            "additionalProperties": .bool(false),
            "properties": .object([
                "version": .object(["const": .number(Double(PipelineSpec.currentVersion))]),
                "name": .object(["type": .string("string"), "minLength": .number(1)]),
                "description": .object(["type": .string("string")]),
                "stages": .object(["type": .string("array"), "items": .object(["oneOf": .array(stageSchemas)])]),
            ]),
        ])
    }
}
