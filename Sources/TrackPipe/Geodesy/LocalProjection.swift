import Foundation

/// An equirectangular projection to east/north metres about a reference point, and back — the local metric
/// frame the Kalman stages work in:
///
///     e = R · Δλ · cos φ₀,   n = R · Δφ,   R = 6 371 008.8 m
///
/// with Δλ wrapped into −180…180°, so a track crossing the antimeridian stays continuous. The inverse is exact
/// (a round trip returns the input to floating-point precision).
///
/// Where it stops being accurate, as a map of distances: east–west scale is right only at the reference
/// latitude; a point Δφ away in latitude has its east distances off by a relative `tan φ₀ · Δφ` (Δφ in
/// radians): about 1.6e-4 (16 cm per km) 1 km north of a reference at 45°, 5.4e-4 at 72°. Both scales are
/// spherical, off the ellipsoid by up to 0.6 % (``groundScale``). Near a pole (|φ₀| > 89°) cos φ₀ → 0 and east
/// metres per degree vanish: ``init(reference:)`` refuses references closer than ``maximumLatitude``. A filter
/// running in this frame is unaffected by the scale errors as long as it projects and unprojects with the same
/// frame: only distances *measured in the frame* carry them, and velocities measured on the ground (Doppler)
/// must be converted with ``groundScale``.
///
/// Speed: ``init(reference:)`` works out the per-degree factors (metres per degree east and north, and their
/// inverses) once, so ``project(_:)`` and ``unproject(east:north:)`` are multiplications and additions only.
/// Dividing by π, 180° and the metres per radian for every point instead cost four dependent divisions per
/// projected-and-unprojected fix, which the divider cannot overlap (a fifth of the Kalman smoother's time on a
/// 2300-fix run). The factors are the same formulas regrouped: results differ from the per-point divisions only
/// by rounding (relative 1e-16 — nanometres, 1e-14 degrees).
public struct LocalProjection: Sendable, Hashable {
    /// The reference point (origin of the frame).
    public let reference: GeoPoint
    /// Metres per radian north (R) and east (R cos φ₀).
    public let metresPerRadianNorth: Double
    public let metresPerRadianEast: Double
    /// Metres east and north per degree of longitude and latitude difference (metres per radian × π/180).
    @usableFromInline let eastMetresPerDegree: Double
    @usableFromInline let northMetresPerDegree: Double
    /// Degrees of longitude and latitude per metre east and north (the inverses).
    @usableFromInline let longitudeDegreesPerMetre: Double
    @usableFromInline let latitudeDegreesPerMetre: Double

    /// References closer to a pole than this (degrees of latitude) are refused: the east scale collapses.
    public static let maximumLatitude = 89.0

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case tooCloseToPole(latitude: Double)
        case notFinite
        public var description: String {
            switch self {
            case .tooCloseToPole(let lat):
                return "reference latitude \(lat)° is within 1° of a pole; the local east/north frame is undefined there"
            case .notFinite:
                return "reference coordinates are not finite"
            }
        }
    }

    public init(reference: GeoPoint) throws {
        guard reference.latitude.isFinite, reference.longitude.isFinite else { throw Failure.notFinite }
        guard abs(reference.latitude) <= Self.maximumLatitude else {
            throw Failure.tooCloseToPole(latitude: reference.latitude)
        }
        self.reference = reference
        metresPerRadianNorth = Geodesy.meanEarthRadius
        metresPerRadianEast = Geodesy.meanEarthRadius * cos(reference.latitude * .pi / 180)
        let radiansPerDegree = Double.pi / 180, degreesPerRadian = 180 / Double.pi
        eastMetresPerDegree = metresPerRadianEast * radiansPerDegree
        northMetresPerDegree = metresPerRadianNorth * radiansPerDegree
        longitudeDegreesPerMetre = degreesPerRadian / metresPerRadianEast
        latitudeDegreesPerMetre = degreesPerRadian / metresPerRadianNorth
    }

    /// Ground metres per metre of this frame, east and north, at the reference: the WGS84 radii of curvature
    /// (prime vertical N, meridional M — those of ``Geodesy/local(_:_:)``, the default distance) over the frame's
    /// sphere, N ÷ R east and M ÷ R north. At 51.5° a frame metre is 1.0032 ground metres east and 1.0006 north.
    ///
    /// Positions need no conversion (they are projected and unprojected in one frame), but a velocity measured on
    /// the ground does: a receiver's Doppler velocity (m/s on the ground) enters the frame divided by these, and a
    /// velocity estimated in the frame leaves it multiplied by them. Mixed unconverted, positions and velocities
    /// disagree by up to 0.3 % — on a scale where distance is judged to 0.5 %.
    public var groundScale: (east: Double, north: Double) {
        let radii = Geodesy.radiiOfCurvature(sinLatitude: sin(reference.latitude * .pi / 180))
        return (radii.primeVertical / metresPerRadianNorth, radii.meridional / metresPerRadianNorth)
    }

    /// East and north metres of `point` from the reference, the longitude difference wrapped into −180…180°.
    @inlinable
    public func project(_ point: GeoPoint) -> (east: Double, north: Double) {
        var dLongitude = point.longitude - reference.longitude
        if dLongitude > 180 { dLongitude -= 360 } else if dLongitude < -180 { dLongitude += 360 }
        return (eastMetresPerDegree * dLongitude, northMetresPerDegree * (point.latitude - reference.latitude))
    }

    /// The point `east`, `north` metres from the reference; longitude wrapped into −180…180.
    @inlinable
    public func unproject(east: Double, north: Double) -> GeoPoint {
        var longitude = reference.longitude + east * longitudeDegreesPerMetre
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        return GeoPoint(latitude: reference.latitude + north * latitudeDegreesPerMetre, longitude: longitude)
    }
}
