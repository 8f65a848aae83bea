/// A decoded data message: its global message number, where it starts in the file, and the numbers of its
/// scalar fields as stored — before scale and offset — with invalid values left out. An array field gives its
/// first element; strings and byte arrays are not kept.
///
/// Field 253, the timestamp (seconds since the FIT epoch, 1989-12-31T00:00:00Z), is filled in for messages
/// with a compressed-timestamp header too.
///
/// Fields are kept in a 256-slot table indexed by field number (NaN = absent: the base types' invalid values,
/// non-finite floats included, are never stored), so reading a field is one load, not a search.
struct FITMessage {
    var global: UInt16 = 0
    /// Byte offset of the message's record header in the file.
    var offset = 0
    private var slots = [Double](repeating: .nan, count: 256)
    /// The field numbers set since the last reset, to clear only those.
    private var numbers: [UInt8] = []

    init() {
        numbers.reserveCapacity(32)
    }

    /// The stored number of field `field`, or `nil` when the message does not have it or it is invalid.
    @inline(__always)
    func value(_ field: UInt8) -> Double? {
        let v = slots[Int(field)]
        return v.isNaN ? nil : v
    }

    mutating func reset(global: UInt16, offset: Int) {
        self.global = global
        self.offset = offset
        for n in numbers { slots[Int(n)] = .nan }
        numbers.removeAll(keepingCapacity: true)
    }

    /// Sets field `field` (a later value for the same field replaces the earlier one). `value` must not be NaN.
    @inline(__always)
    mutating func set(_ field: UInt8, _ value: Double) {
        if slots[Int(field)].isNaN { numbers.append(field) }
        slots[Int(field)] = value
    }
}
