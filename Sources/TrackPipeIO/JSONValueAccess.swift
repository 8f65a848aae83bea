import TrackPipe

/// Reading GeoJSON through ``TrackPipe/JSONValue``: array elements and scalars as text.
extension JSONValue {
    /// The elements of an array; empty for anything else.
    var items: [JSONValue] {
        if case .array(let a) = self { return a }
        return []
    }

    /// A scalar as text for ``FieldValue``; `nil` for null, arrays and objects.
    var scalarText: String? {
        switch self {
        case .string(let s): return s
        case .number(let d): return DecimalText.format(d)
        case .bool(let b): return b ? "true" : "false"
        case .null, .array, .object: return nil
        }
    }
}
