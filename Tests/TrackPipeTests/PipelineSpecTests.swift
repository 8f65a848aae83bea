import Foundation
import Testing
@testable import TrackPipe

@Suite struct PipelineSpecTests {
    func problems(_ text: String) throws -> [SpecProblem] {
        switch Pipeline.load(Array(text.utf8), registry: try testRegistry()) {
        case .success: return []
        case .failure(let p): return p.problems
        }
    }

    @Test func validSpecBuilds() throws {
        let text = #"{"version": 1, "name": "t", "stages": [{"stage": "drop-odd", "limit": 5}, {"stage": "counting", "required-thing": 3}]}"#
        let pipeline = try Pipeline.load(Array(text.utf8), registry: try testRegistry()).get()
        #expect(pipeline.steps.map(\.label) == ["drop-odd", "counting"])
        #expect(pipeline.spec.name == "t")
        #expect(pipeline.wholeTrackStages == ["counting"])
    }

    @Test func notJSONGivesLineAndColumn() throws {
        let p = try problems("{\n  \"version\": 1,\n  \"stages\": ]\n}")
        #expect(p.count == 1)
        // The stray ']' is on line 3, column 13.
        #expect(p.first?.path == "line 3, column 13")
        #expect(p.first?.message.hasPrefix("not JSON") == true)
    }

    @Test func emptyTextIsNotJSON() throws {
        #expect(try problems("  \n").first?.message == "not JSON: the text is empty")
    }

    @Test func notAnObject() throws {
        #expect(try problems("[1, 2]").map(\.path) == ["$"])
    }

    @Test func wrongVersionAndMissingStages() throws {
        let p = try problems(#"{"version": 2}"#)
        #expect(Set(p.map(\.path)) == ["$.version", "$.stages"])
    }

    @Test func unknownTopLevelKeySuggests() throws {
        let p = try problems(#"{"version": 1, "stagse": []}"#)
        #expect(p.contains { $0.path == "$.stagse" && $0.message.contains("did you mean 'stages'") })
    }

    @Test func unknownStageSuggestsNearest() throws {
        let p = try problems(#"{"version": 1, "stages": [{"stage": "drop-od"}]}"#)
        #expect(p.count == 1)
        #expect(p[0].path == "$.stages[0].stage")
        #expect(p[0].message.contains("'drop-odd'"))
    }

    /// A shape problem in one entry does not hide an unknown stage in another: every problem in one run.
    @Test func shapeProblemsDoNotHideStageProblems() throws {
        let p = try problems(#"{"version": 1, "stages": [{}, {"stage": "no-such"}, {"stage": "drop-odd", "limt": 3}]}"#)
        #expect(p.map(\.path) == ["$.stages[0].stage", "$.stages[1].stage", "$.stages[2].limt"])
    }

    /// A key given twice in one object is an error at its path: Foundation would take the first value, Python and
    /// jq the last. Escapes are decoded before comparing (`"\u006eame"` is `"name"`).
    @Test func repeatedKeysAreRefusedWithTheirPaths() throws {
        let text = #"""
        {"version": 1, "name": "a", "\u006eame": "b",
         "stages": [{"stage": "drop-odd", "limit": 1, "limit": 2}, {"stage": "counting", "label": "x"}]}
        """#
        let p = try problems(text)
        #expect(p.map(\.path) == ["$.name", "$.stages[0].limit"])
        #expect(p[0].message.contains("line 1, column 29"))
        #expect(p[1].message.contains("line 2, column 47"))
        // Keys repeated in different objects are fine.
        #expect(try problems(#"{"version": 1, "stages": [{"stage": "drop-odd", "label": "a"}, {"stage": "drop-odd", "label": "b"}]}"#).isEmpty)
    }

    @Test func everyParameterProblemIsReportedWithItsPath() throws {
        let text = #"""
        {"version": 1, "stages": [
          {"stage": "drop-odd", "limt": 3, "enabled": "yes", "mode": "c"},
          {"stage": "drop-odd", "label": "second", "limit": -1},
          {"stage": "counting"}
        ]}
        """#
        let p = try problems(text)
        let byPath = Dictionary(p.map { ($0.path, $0.message) }, uniquingKeysWith: { a, _ in a })
        #expect(byPath["$.stages[0].limt"]?.contains("did you mean 'limit'") == true)
        #expect(byPath["$.stages[0].enabled"]?.contains("expected true or false, found a string") == true)
        #expect(byPath["$.stages[0].mode"]?.contains("did you mean \"a\"") == true || byPath["$.stages[0].mode"]?.contains("not one of") == true)
        #expect(byPath["$.stages[1].limit"]?.contains("out of range") == true)
        #expect(byPath["$.stages[2].required-thing"]?.contains("missing required") == true)
        #expect(p.count == 5)
    }

    @Test func duplicateLabelsAreRefused() throws {
        let p = try problems(#"{"version": 1, "stages": [{"stage": "drop-odd"}, {"stage": "drop-odd"}]}"#)
        #expect(p.map(\.path) == ["$.stages[1]"])
    }

    @Test func integerParameterRejectsFraction() throws {
        let p = try problems(#"{"version": 1, "stages": [{"stage": "counting", "required-thing": 2.5}]}"#)
        #expect(p.first?.message.contains("integer") == true)
    }

    @Test func canonicalTextIgnoresLayoutAndKeyOrderButNotValues() throws {
        let a = try PipelineSpec.parse(Data(#"{"version":1,"name":"x","stages":[{"stage":"drop-odd","limit":5}]}"#.utf8)).get()
        let b = try PipelineSpec.parse(Data("{\n \"stages\": [ {\"limit\": 5, \"stage\": \"drop-odd\"} ],\n \"name\": \"x\", \"version\": 1 }".utf8)).get()
        let c = try PipelineSpec.parse(Data(#"{"version":1,"name":"x","stages":[{"stage":"drop-odd","limit":6}]}"#.utf8)).get()
        #expect(a.canonicalJSON == b.canonicalJSON)
        #expect(a.canonicalJSON != c.canonicalJSON)
        #expect(a.canonicalJSON == #"{"name":"x","stages":[{"limit":5,"stage":"drop-odd"}],"version":1}"#)
    }
}
