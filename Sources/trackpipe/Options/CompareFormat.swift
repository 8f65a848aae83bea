import ArgumentParser

/// Output formats of `trackpipe compare`.
enum CompareFormat: String, ExpressibleByArgument, CaseIterable {
    /// An aligned terminal table (the default).
    case table
    /// One row per dataset × pipeline with every figure.
    case csv
    /// The full scores (schema `trackpipe-compare/1`, snake_case keys).
    case json
    /// The terminal table's columns as a Markdown table.
    case markdown
    /// A self-contained HTML page: the scores (sortable) and a map per dataset with every pipeline's line and
    /// the truth.
    case html
}
