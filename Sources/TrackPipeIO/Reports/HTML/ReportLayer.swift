/// A switchable layer of a report map: its SVG group's `data-layer` name, the label and count shown beside its
/// checkbox, and the swatch colour.
struct ReportLayer {
    var key: String
    var label: String
    var count: Int?
    var swatch: String?

    /// The layer's checkbox, checked: every layer starts visible.
    var toggleHTML: String {
        let swatchHTML = swatch.map { "<i class=\"swatch\" style=\"background:\($0)\"></i>" } ?? "<i class=\"swatch layer-\(key)\"></i>"
        let countHTML = count.map { " <span class=\"count\">\($0)</span>" } ?? ""
        return "<label><input type=\"checkbox\" data-layer=\"\(XMLText.escape(key, attribute: true))\" checked> \(swatchHTML)\(XMLText.escape(label))\(countHTML)</label>"
    }
}
