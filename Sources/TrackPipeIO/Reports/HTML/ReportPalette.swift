/// Categorical colours for a report's layers (drop rules, compared pipelines): Okabe and Ito's palette, which
/// stays distinguishable with the common forms of colour blindness. Its yellow comes last: it reads poorly on
/// the light map. Beyond eight categories the colours repeat (the legend still names each).
enum ReportPalette {
    static let colours = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]

    static func colour(_ index: Int) -> String { colours[((index % colours.count) + colours.count) % colours.count] }
}
