import ArgumentParser
import CMalloc
import Foundation
import TrackPipe
import TrackPipeIO

@main
struct TrackPipeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trackpipe",
        abstract: "Clean, smooth and measure recorded GPS tracks with configurable pipelines.",
        version: TrackPipeVersion.current,
        subcommands: [
            RunCommand.self, StreamCommand.self, StagesCommand.self, ValidateCommand.self,
            ConvertCommand.self, MergeCommand.self, InfoCommand.self, BadgesCommand.self, HistoryCommand.self, SimulateCommand.self, CompareCommand.self,
        ]
    )

    /// Parses and runs the command. What ArgumentParser owns — usage errors, failed validation, `--help` and
    /// `help` (which it delivers as an error thrown from `run()`), exit codes — it reports as usual. Any other
    /// error while running — a file that cannot be read, a spec with problems, a truth file that does not line
    /// up — is printed as `trackpipe: error: MESSAGE` and exits with status 1.
    static func main() {
        // ^C and `kill` must reach the handler that removes temporary files, even when the parent started us
        // with those signals blocked (the mask is inherited; some test runners and process pools block them).
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        // A stage's output array is 33 MB at 230 000 fixes, above glibc's largest mmap threshold, so each one was
        // a fresh mmap whose every page faulted on first write (a fifth of a long run). Served from the heap and
        // kept there once freed, the next stage reuses the pages: 15–25 % faster, peak RSS +13 % (issue 18).
        mallopt(M_MMAP_MAX, 0)
        mallopt(M_TRIM_THRESHOLD, Int32.max)
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            fail(error)
        }
        do {
            try command.run()
            // What was buffered for standard output: a failure to write it (a full disk, a closed descriptor) is
            // an error too.
            try StandardOutput.finish()
        } catch {
            // What the command printed before it failed still goes out.
            try? StandardOutput.finish()
            if isArgumentParserError(error) { fail(error) }
            Console.err("trackpipe: error: \(error)\n")
            Foundation.exit(1)
        }
    }

    /// Ends the process for an error ArgumentParser defines: help and `--version` print as usual (status 0); a usage
    /// or validation error prints `trackpipe: error: …` and the usage, as every other error does, with
    /// ArgumentParser's status (64 for usage errors).
    static func fail(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        if code == .success { exit(withError: error) }
        var message = fullMessage(for: error)
        if message.hasPrefix("Error: ") { message = "trackpipe: error: " + message.dropFirst("Error: ".count) }
        Console.err(message + "\n")
        Foundation.exit(code.rawValue)
    }

    /// True for the errors ArgumentParser defines (some of its types are internal, so they are told by module).
    static func isArgumentParserError(_ error: any Error) -> Bool {
        error is ExitCode || error is CleanExit || error is ValidationError
            || String(reflecting: type(of: error)).hasPrefix("ArgumentParser.")
    }
}
