import TrackPipe

/// Reading GeoJSON through `JSONValue`.
extension JSONValue {
    /// The elements of an array; empty for anything else.
    var items: [JSONValue] {
        if case .array(let a) = self { return a }
        return []
    }
}
