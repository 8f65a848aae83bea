import ArgumentParser

/// `--force`, shared by the commands that write files: without it a write-protected existing output is refused.
struct ForceOption: ParsableArguments {
    @Flag(help: "Replace existing output files even when they are write-protected.")
    var force = false
}
