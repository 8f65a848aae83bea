/// A typed key for ``Annotations``: declare one per kind of result a stage publishes for later stages and
/// the report, e.g. `enum PauseIntervalsKey: AnnotationKey { typealias Value = [PauseInterval]; static let name = "pauses" }`.
public protocol AnnotationKey {
    associatedtype Value: Sendable & Encodable
    /// Stable name, used as the key in the JSON report.
    static var name: String { get }
}

/// Results stages attach for later stages and the report: cumulative distance per fix, pause intervals,
/// badge checkpoints, … Typed by key, so plugins can add their own without changing this type.
public struct Annotations: Sendable {
    private var storage: [String: any Sendable & Encodable] = [:]

    public init() {}

    public subscript<K: AnnotationKey>(key: K.Type) -> K.Value? {
        get { storage[K.name] as? K.Value }
        set { storage[K.name] = newValue }
    }

    /// Names of the annotations present, sorted.
    public var names: [String] { storage.keys.sorted() }

    public var isEmpty: Bool { storage.isEmpty }

    /// Adds `other`'s annotations; where both have a key, `other`'s (the later stage's) wins.
    public mutating func merge(_ other: Annotations) {
        storage.merge(other.storage) { _, new in new }
    }

    /// The annotation named `name`, for encoding into a report.
    public func encodable(named name: String) -> (any Encodable)? { storage[name] }
}

extension Annotations: Encodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        for name in names {
            guard let value = storage[name] else { continue }
            try c.encode(value, forKey: Key(stringValue: name))
        }
    }
}

/// Cumulative distance per fix, in metres, as a series keyed by ``Fix/sourceIndex`` (so it stays right when a
/// later stage drops fixes). Published by the `distance` stage.
public struct PerFixSeries: Sendable, Hashable, Codable {
    public var sourceIndices: [Int]
    public var values: [Double]
    public var unit: MeasurementUnit

    public init(sourceIndices: [Int] = [], values: [Double] = [], unit: MeasurementUnit) {
        self.sourceIndices = sourceIndices
        self.values = values
        self.unit = unit
    }

    /// The value recorded for the fix with `sourceIndex`, if any. Source indices are unique within a series
    /// and usually ascending (stages publish in track order): a binary search finds them in O(log n); when
    /// it misses (indices out of order after a reordering stage, or an index not in the series) a linear
    /// scan decides.
    public func value(forSourceIndex sourceIndex: Int) -> Double? {
        var low = 0, high = sourceIndices.count
        while low < high {
            let mid = low + (high - low) / 2
            if sourceIndices[mid] < sourceIndex { low = mid + 1 } else { high = mid }
        }
        if low < sourceIndices.count, sourceIndices[low] == sourceIndex, low < values.count { return values[low] }
        guard let i = sourceIndices.firstIndex(of: sourceIndex), i < values.count else { return nil }
        return values[i]
    }
}

/// A time interval in which the runner was judged stopped (seconds since 1970, UTC). Published by auto-pause.
public struct PauseInterval: Sendable, Hashable, Codable {
    public var start: Double
    public var end: Double
    /// First and last fix inside the pause.
    public var firstSourceIndex: Int
    public var lastSourceIndex: Int

    public init(start: Double, end: Double, firstSourceIndex: Int, lastSourceIndex: Int) {
        self.start = start
        self.end = end
        self.firstSourceIndex = firstSourceIndex
        self.lastSourceIndex = lastSourceIndex
    }

    public var duration: Double { end - start }
}

/// Well-known annotation keys shared between built-in stages.
public enum CumulativeDistanceKey: AnnotationKey {
    public typealias Value = PerFixSeries
    public static let name = "cumulative-distance"
}

public enum PauseIntervalsKey: AnnotationKey {
    public typealias Value = [PauseInterval]
    public static let name = "pauses"
}
