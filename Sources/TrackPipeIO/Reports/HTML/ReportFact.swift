/// One line of a report's summary: a label and its formatted value, e.g. `distance` and `5.03 km`.
public struct ReportFact: Sendable, Hashable {
    public var label: String
    public var value: String
    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }
}
