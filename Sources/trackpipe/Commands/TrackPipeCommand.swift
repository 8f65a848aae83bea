import ArgumentParser
import Foundation

@main
struct TrackPipeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trackpipe",
        abstract: "Clean, smooth and measure recorded GPS tracks with configurable pipelines.",
        subcommands: [
            RunCommand.self, StreamCommand.self, StagesCommand.self, ValidateCommand.self,
            ConvertCommand.self, InfoCommand.self, BadgesCommand.self, SimulateCommand.self, CompareCommand.self,
        ]
    )

    /// Parses and runs the command. What ArgumentParser owns — usage errors, failed validation, `--help` and
    /// `help` (which it delivers as an error thrown from `run()`), exit codes — it reports as usual. Any other
    /// error while running — a file that cannot be read, a spec with problems, a truth file that does not line
    /// up — is printed as `trackpipe: error: MESSAGE` and exits with status 1.
    static func main() {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            try command.run()
        } catch {
            if isArgumentParserError(error) { exit(withError: error) }
            FileHandle.standardError.write(Data("trackpipe: error: \(error)\n".utf8))
            Foundation.exit(1)
        }
    }

    /// True for the errors ArgumentParser defines (some of its types are internal, so they are told by module).
    static func isArgumentParserError(_ error: any Error) -> Bool {
        error is ExitCode || error is CleanExit || error is ValidationError
            || String(reflecting: type(of: error)).hasPrefix("ArgumentParser.")
    }
}
