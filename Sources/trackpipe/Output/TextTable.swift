import Foundation

/// Renders rows of cells as an aligned plain-text table (left-aligned, two spaces between columns, a rule
/// under the header) or as a Markdown table.
enum TextTable {
    /// The table's lines: header, a rule of dashes, then one line per row; the last column is not padded.
    static func lines(headers: [String], rows: [[String]]) -> [String] {
        var widths = headers.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, c in i == cells.count - 1 ? c : c.padding(toLength: widths[i], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
        }
        return [line(headers), line(widths.map { String(repeating: "-", count: $0) })] + rows.map(line)
    }

    /// ``lines(headers:rows:)`` as one text, each line ended by a newline.
    static func render(headers: [String], rows: [[String]]) -> String {
        lines(headers: headers, rows: rows).map { $0 + "\n" }.joined()
    }

    static func markdown(headers: [String], rows: [[String]]) -> String {
        func line(_ cells: [String]) -> String { "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |" }
        var out = line(headers) + "\n"
        out += "|" + headers.map { _ in "---|" }.joined() + "\n"
        for row in rows { out += line(row) + "\n" }
        return out
    }
}
