import ArgumentParser

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
}
