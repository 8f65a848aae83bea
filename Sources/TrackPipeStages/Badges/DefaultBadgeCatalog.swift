import Foundation

extension BadgeCatalog {
    /// The built-in catalog: 24 badges from 0 m to the marathon (42 195 m), a tour of the solar system outward
    /// from the Sun, planets and their moons, with the classic race distances on the way (1 mile on Earth,
    /// 5 km on Deimos, 10 km on Io, 10 miles on Callisto, the half marathon on Enceladus, the marathon on
    /// Pluto). `trackpipe badges --badges FILE` replaces it. The JSON is ``defaultJSON``; it is written in
    /// MoonRunner's shape so it doubles as an example catalog.
    public static let `default`: BadgeCatalog = {
        // The text is a constant checked by the tests (every entry valid, no duplicate distance, and this the catalog
        // ``load(json:)`` reads from it), so it is decoded straight into badges: the validating reader probes each
        // value's type by throwing, 5.6 M instructions of every run's start (a one-fix `run` is 44 M). Should it
        // ever fail, an empty catalog is returned rather than trapping.
        guard let badges = try? JSONDecoder().decode([Badge].self, from: Data(defaultJSON.utf8)) else { return .empty }
        return (try? BadgeCatalog(badges: badges)) ?? .empty
    }()

    /// A catalog with no badges.
    public static let empty = BadgeCatalog(uncheckedSorted: [])

    /// `badges` as given: the caller guarantees ascending, distinct distances.
    init(uncheckedSorted badges: [Badge]) { self.badges = badges }

    /// The built-in catalog as JSON (array of `{name, information, distance, imageName}`, distance in metres).
    public static let defaultJSON = #"""
    [
      {"name": "Mercury", "information": "Lift-off. The smallest planet, closest to the Sun: you left the start line.", "distance": 0, "imageName": "mercury"},
      {"name": "Venus", "information": "One kilometre through the thick clouds of the hottest planet.", "distance": 1000, "imageName": "venus"},
      {"name": "Earth", "information": "Home planet, and the classic mile: 1 609 metres under blue skies.", "distance": 1609.344, "imageName": "earth"},
      {"name": "Luna", "information": "Two kilometres: far enough to leave footprints in the grey dust.", "distance": 2000, "imageName": "luna"},
      {"name": "Mars", "information": "Three kilometres across red sand, under a pink sky.", "distance": 3000, "imageName": "mars"},
      {"name": "Phobos", "information": "The fearful little moon that circles Mars three times a day. Four kilometres.", "distance": 4000, "imageName": "phobos"},
      {"name": "Deimos", "information": "Five kilometres: a 5K, and a tiny moon so faint you could miss it.", "distance": 5000, "imageName": "deimos"},
      {"name": "Ceres", "information": "Six kilometres into the asteroid belt, to its largest world.", "distance": 6000, "imageName": "ceres"},
      {"name": "Jupiter", "information": "Eight kilometres to the giant: a storm older than any map awaits.", "distance": 8000, "imageName": "jupiter"},
      {"name": "Io", "information": "Ten kilometres, and volcanoes erupting on every horizon.", "distance": 10000, "imageName": "io"},
      {"name": "Europa", "information": "Twelve kilometres over ice that hides a buried ocean.", "distance": 12000, "imageName": "europa"},
      {"name": "Ganymede", "information": "Fifteen kilometres on the largest moon of all, bigger than Mercury.", "distance": 15000, "imageName": "ganymede"},
      {"name": "Callisto", "information": "Ten miles across the most cratered surface in the system.", "distance": 16093.44, "imageName": "callisto"},
      {"name": "Saturn", "information": "Eighteen kilometres: the rings come into view.", "distance": 18000, "imageName": "saturn"},
      {"name": "Titan", "information": "Twenty kilometres through orange haze beside methane lakes.", "distance": 20000, "imageName": "titan"},
      {"name": "Enceladus", "information": "The half marathon, saluted by geysers of ice from the south pole.", "distance": 21097.5, "imageName": "enceladus"},
      {"name": "Uranus", "information": "Twenty-five kilometres to the planet that rolls on its side.", "distance": 25000, "imageName": "uranus"},
      {"name": "Titania", "information": "Twenty-eight kilometres: canyons deeper than any on Earth.", "distance": 28000, "imageName": "titania"},
      {"name": "Miranda", "information": "Thirty kilometres on a patchwork moon with cliffs twenty kilometres high.", "distance": 30000, "imageName": "miranda"},
      {"name": "Neptune", "information": "Thirty-three kilometres, into the fastest winds in the solar system.", "distance": 33000, "imageName": "neptune"},
      {"name": "Triton", "information": "Thirty-five kilometres around a moon that orbits the wrong way.", "distance": 35000, "imageName": "triton"},
      {"name": "Nereid", "information": "Thirty-eight kilometres out on the loneliest, most stretched orbit of any moon.", "distance": 38000, "imageName": "nereid"},
      {"name": "Charon", "information": "Forty kilometres. Pluto's partner, locked face to face. Almost there.", "distance": 40000, "imageName": "charon"},
      {"name": "Pluto", "information": "The marathon: 42.195 kilometres to the edge of the planets. Welcome to the far side.", "distance": 42195, "imageName": "pluto"}
    ]
    """#
}
