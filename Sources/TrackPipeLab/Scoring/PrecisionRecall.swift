import TrackPipe

/// Precision and recall of a detector, from amounts that may be counts (fixes) or durations (seconds):
/// precision = correct ÷ predicted, recall = correct ÷ actual; each `nil` when its denominator is zero
/// (undefined, not 0 or 1).
public struct PrecisionRecall: Sendable, Hashable, Codable {
    /// Amount both predicted and actual (true positives).
    public var correct: Double
    /// Amount predicted (true + false positives).
    public var predicted: Double
    /// Amount actual (true positives + false negatives).
    public var actual: Double

    public init(correct: Double, predicted: Double, actual: Double) {
        self.correct = correct
        self.predicted = predicted
        self.actual = actual
    }

    public var precision: Double? { predicted > 0 ? correct / predicted : nil }
    public var recall: Double? { actual > 0 ? correct / actual : nil }

    enum CodingKeys: String, CodingKey { case correct, predicted, actual, precision, recall }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        correct = try c.decode(Double.self, forKey: .correct)
        predicted = try c.decode(Double.self, forKey: .predicted)
        actual = try c.decode(Double.self, forKey: .actual)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(correct, forKey: .correct)
        try c.encode(predicted, forKey: .predicted)
        try c.encode(actual, forKey: .actual)
        try c.encodeIfPresent(precision, forKey: .precision)
        try c.encodeIfPresent(recall, forKey: .recall)
    }
}
