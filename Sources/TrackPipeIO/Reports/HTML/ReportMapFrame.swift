import TrackPipe

/// The metric frame one report map is drawn in: an equirectangular projection about the centre of everything
/// on the map, SVG user units of one metre (x east, y south, since SVG's y grows downwards), and the fitted
/// view — the extent of every point plus ``paddingFraction`` of its larger side on each side (at least
/// ``minimumPadding`` m), as a map app zooms to fit a route. The SVG keeps the view's aspect ratio
/// (`xMidYMid meet`), so the route is never stretched.
struct ReportMapFrame {
    /// Margin around the extent on each side, as a fraction of the extent's larger side.
    static let paddingFraction = 0.1
    /// The smallest margin, metres: a track that barely moves still gets a readable view.
    static let minimumPadding = 25.0

    let projection: LocalProjection?
    /// The view box, metres: x, y of its top-left corner, width and height.
    let viewBox: (x: Double, y: Double, width: Double, height: Double)
    let padding: Double

    /// A frame fitted to `points`; an empty list gives a 200 m square about the origin.
    init(fitting points: [GeoPoint]) {
        guard let first = points.first else {
            projection = nil
            padding = Self.minimumPadding
            viewBox = (-100, -100, 200, 200)
            return
        }
        var south = first.latitude, north = first.latitude
        var west = first.longitude, east = first.longitude
        for p in points {
            south = min(south, p.latitude); north = max(north, p.latitude)
            west = min(west, p.longitude); east = max(east, p.longitude)
        }
        // Longitudes are averaged as given; a track across the antimeridian stays continuous because the
        // projection wraps each point's longitude difference into −180…180°.
        let reference = GeoPoint(latitude: min(max((south + north) / 2, -LocalProjection.maximumLatitude), LocalProjection.maximumLatitude),
                                 longitude: (west + east) / 2)
        let projection = try? LocalProjection(reference: reference)
        self.projection = projection
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        if let projection {
            for p in points {
                let (e, n) = projection.project(p)
                minX = min(minX, e); maxX = max(maxX, e); minY = min(minY, -n); maxY = max(maxY, -n)
            }
        }
        if !(minX.isFinite && maxX.isFinite && minY.isFinite && maxY.isFinite) { minX = 0; maxX = 0; minY = 0; maxY = 0 }
        let pad = max(Self.paddingFraction * max(maxX - minX, maxY - minY), Self.minimumPadding)
        padding = pad
        viewBox = (minX - pad, minY - pad, maxX - minX + 2 * pad, maxY - minY + 2 * pad)
    }

    /// `point` in map units (metres east, metres south of the centre).
    func xy(_ point: GeoPoint) -> (x: Double, y: Double) {
        guard let projection else { return (0, 0) }
        let (e, n) = projection.project(point)
        return (e, -n)
    }

    /// Metres between `a` and `b` measured in the frame: the map's own scale, good to 0.5 % within a few
    /// kilometres of the centre, and a handful of multiplications instead of a geodesic — the report measures
    /// every step of a run twice (pace colours and the pace chart).
    func distance(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let (ax, ay) = xy(a), (bx, by) = xy(b)
        return ((ax - bx) * (ax - bx) + (ay - by) * (ay - by)).squareRoot()
    }

    /// `point` as SVG text `x y`, to 0.1 m.
    func text(_ point: GeoPoint) -> String {
        let (x, y) = xy(point)
        return ReportNumber.decimetres(x) + " " + ReportNumber.decimetres(y)
    }

    var viewBoxText: String {
        [viewBox.x, viewBox.y, viewBox.width, viewBox.height].map(ReportNumber.decimetres).joined(separator: " ")
    }
}
