import TrackPipe

/// A labelled place on a report's map: a split boundary, a badge checkpoint or a fix named after the place near it. The report draws it and shows
/// `title` and `detail` as its tooltip; what it means is the caller's (the command line fills these from the
/// splits and badges stages' annotations, which this module does not know).
public struct ReportMarker: Sendable, Hashable {
    /// What kind of place it is; each kind is a layer the reader can switch off.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case split
        case badge
        /// A fix of the run (start, finish, farthest point) with the populated place near it.
        case place

        /// The layer's name in the report's layer switches.
        var layerLabel: String {
            switch self {
            case .split: "splits"
            case .badge: "badge checkpoints"
            case .place: "places"
            }
        }
    }

    public var kind: Kind
    public var point: GeoPoint
    /// Short label drawn beside the marker, e.g. `3 km` or `Mars`.
    public var title: String
    /// The tooltip's further lines, e.g. `5.00 km · 0:25:01 · 5:00 /km since the previous badge`.
    public var detail: String
    /// UTC seconds since 1970 at the marker, when known (places it on the charts' time axis).
    public var time: Double?

    public init(kind: Kind, point: GeoPoint, title: String, detail: String, time: Double? = nil) {
        self.kind = kind
        self.point = point
        self.title = title
        self.detail = detail
        self.time = time
    }
}
