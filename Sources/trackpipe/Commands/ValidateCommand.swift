import ArgumentParser
import Foundation
import TrackPipe

/// `trackpipe validate SPEC.json…`: every check a run does before reading data, and nothing else.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check pipeline specs without running them.",
        discussion: "Reports every problem with its JSON path (or line and column when the file is not JSON). Exit status 1 when any spec has a problem."
    )

    @Argument(help: "Pipeline spec files (JSON).")
    var specs: [String]

    func validate() throws {
        if specs.isEmpty { throw ValidationError("give at least one spec file") }
    }

    func run() throws {
        let registry = try CLIRegistry.make()
        var failed = false
        for path in specs {
            switch CLIPipelines.load(path: path, registry: registry) {
            case .success(let p):
                Console.out("\(path): ok — pipeline '\(p.spec.name)', \(p.steps.count) stage\(p.steps.count == 1 ? "" : "s")"
                      + (p.wholeTrackStages.isEmpty ? " (all causal: can run live)" : " (offline only: \(p.wholeTrackStages.joined(separator: ", ")))")
                      + ", sha256 \(p.spec.contentHash.prefix(12))")
            case .failure(let problems):
                failed = true
                Console.err((problems.description + "\n"))
            }
        }
        if failed { throw ExitCode(1) }
    }
}
