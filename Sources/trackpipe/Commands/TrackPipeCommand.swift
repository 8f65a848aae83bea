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

    /// Parses and runs the command. Usage errors (unknown options, failed validation, `--help`) are reported by
    /// ArgumentParser as usual; an error while running — a file that cannot be read, a spec with problems, a
    /// truth file that does not line up — is printed as `trackpipe: error: MESSAGE` and exits with status 1.
    static func main() {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            try command.run()
        } catch let error as ExitCode {
            exit(withError: error)
        } catch let error as CleanExit {
            exit(withError: error)
        } catch let error as ValidationError {
            exit(withError: error)
        } catch {
            FileHandle.standardError.write(Data("trackpipe: error: \(error)\n".utf8))
            Foundation.exit(1)
        }
    }
}
