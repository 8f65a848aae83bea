/// A report map's frame: the SVG in the fitted view (its `data-fit` keeps the view for the reset button), the
/// scale bar and the controls the page's script works. Pan by dragging, zoom with the wheel or the buttons,
/// double-click or "fit" to return to the fitted view.
enum MapPanel {
    static func html(svg content: String, frame: ReportMapFrame, empty: Bool) -> String {
        let view = frame.viewBoxText
        var html = "<div class=\"map\"><svg class=\"map-svg\" viewBox=\"\(view)\" data-fit=\"\(view)\" data-padding=\"\(ReportNumber.decimetres(frame.padding))\" preserveAspectRatio=\"xMidYMid meet\" role=\"img\" aria-label=\"map of the track\">"
        html += content + "</svg>"
        if empty { html += "<p class=\"empty\">No fixes to draw.</p>" }
        html += "<div class=\"map-controls\"><button type=\"button\" data-zoom=\"in\" title=\"zoom in\">+</button><button type=\"button\" data-zoom=\"out\" title=\"zoom out\">−</button><button type=\"button\" data-zoom=\"fit\" title=\"fit the track\">fit</button></div>"
        html += "<div class=\"scale-bar\"><i></i><span></span></div></div>"
        return html
    }
}
