import ArgumentParser
import Foundation
import TrackPipe
import TrackPipeIO

/// `trackpipe stages`: every registered stage with its parameters, generated from the parameter tables.
struct StagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stages",
        abstract: "List the stages with their parameters, units, defaults and help.",
        discussion: "Generated from each stage's parameter table. Use --json for tools, --schema for the pipeline spec's JSON Schema."
    )

    @Argument(help: "Show only these stages, in full.")
    var names: [String] = []

    @Flag(help: "Print the stage descriptions as JSON.")
    var json = false

    @Flag(help: "Print the JSON Schema of pipeline specs (pipelines/pipeline.schema.json is generated from it).")
    var schema = false

    func run() throws {
        let registry = try CLIRegistry.make()
        if schema {
            try StandardOutput.write(try CLIJSON.string(PipelineSchema.generate(for: registry), verbatim: true) + "\n")
            return
        }
        var types = registry.all
        if !names.isEmpty {
            types = []
            for name in names {
                guard let t = registry.type(named: name) else {
                    let s = NameSuggester.suggest(name, among: registry.names)
                    throw CLIError("unknown stage '\(name)'" + (s.isEmpty ? "" : "; did you mean '\(s[0])'?"))
                }
                types.append(t)
            }
        }
        let infos = types.map(StageInfo.init)
        if json {
            try StandardOutput.write(try CLIJSON.string(infos) + "\n")
            return
        }
        for (i, info) in infos.enumerated() {
            if i > 0 { Console.out("") }
            Console.out("\(info.name)  [\(info.causal ? "causal: runs live" : "whole track: offline only")]")
            Console.out("  \(info.summary)")
            if !names.isEmpty, !info.discussion.isEmpty {
                Console.out("")
                for line in TextWrap.wrap(info.discussion, width: 100) { Console.out("  \(line)") }
            }
            for p in info.parameters {
                var facts = [p.type == "choice" ? "one of " + (p.choices ?? []).joined(separator: "|") : p.type]
                if !p.unit.isEmpty { facts.append(p.unit) }
                if p.required { facts.append("required") } else if let d = p.default, d != .null { facts.append("default \(d)") } else { facts.append("off by default") }
                if let r = p.range { facts.append("range \(r)") }
                Console.out("    \(p.name)  (\(facts.joined(separator: ", ")))")
                for line in TextWrap.wrap(p.help, width: 94) { Console.out("        \(line)") }
            }
        }
    }
}
