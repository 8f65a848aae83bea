import Foundation
import Testing
import TrackPipe
@testable import TrackPipeStages

@Suite struct BadgeCatalogTests {
    func load(_ text: String) throws -> BadgeCatalog.Loaded { try BadgeCatalog.load(json: Data(text.utf8)) }

    @Test func defaultCatalogRunsFromZeroToTheMarathon() throws {
        let loaded = try load(BadgeCatalog.defaultJSON)
        #expect(loaded.problems.isEmpty)
        let badges = loaded.catalog.badges
        #expect(badges.count == 24)
        #expect(badges.first?.distance == 0)
        #expect(badges.last?.distance == 42_195)
        #expect(zip(badges, badges.dropFirst()).allSatisfy { $0.distance < $1.distance })
        #expect(BadgeCatalog.default == loaded.catalog)
        #expect(badges.allSatisfy { !$0.information.isEmpty && !$0.imageName.isEmpty })
        // The classic race distances are on it.
        for d in [1609.344, 5000, 10_000, 16_093.44, 21_097.5] { #expect(badges.contains { $0.distance == d }, "\(d)") }
    }

    @Test func badEntriesAreReportedAndSkipped() throws {
        let loaded = try load("""
        [
          {"name": "A", "information": "ok", "distance": 0, "imageName": "a"},
          {"information": "no name", "distance": 100, "imageName": "b"},
          {"name": "C", "information": "not numeric", "distance": "ten", "imageName": "c"},
          {"name": "D", "information": "negative", "distance": -5, "imageName": "d"},
          {"name": "E", "information": "numeric string", "distance": " 5000 ", "imageName": "e"},
          "not an object",
          {"name": "G", "information": "infinite", "distance": "inf", "imageName": "g"},
          {"name": "H", "information": "boolean", "distance": true, "imageName": "h"},
          {"name": "I", "information": "no image", "distance": 7000},
          {"name": "J", "information": 3, "distance": 8000, "imageName": "j"},
          {"name": "K", "information": "ok", "distance": 1609.344, "imageName": "k"}
        ]
        """)
        #expect(loaded.catalog.badges.map(\.name) == ["A", "K", "E"])
        #expect(loaded.catalog.badges.map(\.distance) == [0, 1609.344, 5000])
        let problems = loaded.problems.map { "\($0.index) \($0.field ?? "-")" }
        #expect(problems == ["1 name", "2 distance", "3 distance", "5 -", "6 distance", "7 distance", "8 imageName", "9 information"])
        #expect(loaded.problems.allSatisfy { !$0.reason.isEmpty })
        #expect(loaded.problems[0].description == "badge [1].name: missing; entry skipped")
    }

    @Test func twoBadgesAtOneDistanceAreAnError() {
        #expect(throws: BadgeCatalogError.duplicateDistance(distance: 5000, first: 1, second: 3, names: ["B", "D"])) {
            try load("""
            [{"name": "A", "information": "", "distance": 0, "imageName": ""},
             {"name": "B", "information": "", "distance": 5000, "imageName": ""},
             {"name": "C", "distance": 1, "imageName": ""},
             {"name": "D", "information": "", "distance": "5000", "imageName": ""}]
            """)
        }
    }

    @Test func notJSONOrNotAnArrayIsAnError() {
        #expect(throws: BadgeCatalogError.notAnArray(found: "an object")) { try load(#"{"name": "A"}"#) }
        do {
            _ = try load("[{\"name\": \"A\",\n  \"distance\": }]")
            Issue.record("expected a not-JSON error")
        } catch BadgeCatalogError.notJSON(let problem) {
            #expect(problem.path.hasPrefix("line 2"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func earningIsStrictlyFarther() throws {
        let catalog = try BadgeCatalog(badges: [Badge(name: "Five", information: "", distance: 5000, imageName: ""),
                                                Badge(name: "Zero", information: "", distance: 0, imageName: "")])
        #expect(catalog.badges.map(\.name) == ["Zero", "Five"])
        #expect(catalog.earned(byDistance: 0).isEmpty)
        #expect(catalog.earned(byDistance: 5000).map(\.name) == ["Zero"])
        #expect(catalog.best(forDistance: 5000.001)?.name == "Five")
        #expect(catalog.next(afterDistance: 5000)?.name == "Five")
        #expect(catalog.next(afterDistance: 5000.001) == nil)
    }
}
