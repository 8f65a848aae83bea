/// A table for an HTML report: header cells and rows of text, each cell with an optional number the reader's
/// click on a header sorts by (cells without one sort by their text, after the numbers).
public struct ReportTable: Sendable, Hashable {
    public struct Cell: Sendable, Hashable {
        public var text: String
        /// The value to sort by, in the column's unit; `nil` sorts by text.
        public var sortValue: Double?
        public init(_ text: String, sortValue: Double? = nil) {
            self.text = text
            self.sortValue = sortValue
        }
    }

    public var headers: [String]
    public var rows: [[Cell]]

    public init(headers: [String], rows: [[Cell]]) {
        self.headers = headers
        self.rows = rows
    }
}
