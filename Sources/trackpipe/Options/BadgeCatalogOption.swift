import ArgumentParser
import Foundation
import TrackPipe
import TrackPipeStages

/// `--badges FILE`, shared by `run`, `stream` and `badges`: a badge catalog replacing the built-in one, for
/// the pipeline's `badges` stage and for the history. Entries that fail validation are warned about on
/// stderr (index, field, reason) and skipped; a file that cannot be read, is not JSON, or has two badges at
/// one distance is an error.
struct BadgeCatalogOption: ParsableArguments {
    @Option(help: "Badge catalog (JSON array of {name, information, distance, imageName}, distance in metres). Default: the built-in solar-system catalog (`trackpipe badges --default-catalog`).")
    var badges: String?

    /// The catalog from `--badges`, or the built-in one.
    func catalog() throws -> BadgeCatalog {
        guard let path = badges else { return .default }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("\(path): the badge catalog \(FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist")")
        }
        do {
            let loaded = try BadgeCatalog.load(json: data)
            for p in loaded.problems { Console.err("trackpipe: warning: \(path): \(p)\n") }
            return loaded.catalog
        } catch {
            throw CLIError("\(path): \(error)")
        }
    }

    /// The built-in registry, its `badges` stage built with the `--badges` catalog when one is given
    /// (`loaded`, when the caller has already loaded it, so its warnings are printed once).
    func registry(loaded: BadgeCatalog? = nil) throws -> StageRegistry {
        var registry = try CLIRegistry.make()
        guard badges != nil else { return registry }
        let catalog = try loaded ?? catalog()
        try registry.setFactory(for: BadgesStage.descriptor.name) { try BadgesStage(parameters: $0, catalog: catalog) }
        return registry
    }
}
