import ArgumentParser

@main
struct TrackPipeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trackpipe",
        abstract: "Clean, smooth and measure recorded GPS tracks with configurable pipelines.",
        subcommands: [
            StreamCommand.self, StagesCommand.self, ValidateCommand.self,
            ConvertCommand.self, InfoCommand.self, BadgesCommand.self,
        ]
    )
}
