/// A decoded data message: its global message number, where it starts in the file, and the numbers of its
/// scalar fields as stored — before scale and offset — with invalid values left out. An array field gives its
/// first element; strings and byte arrays are not kept.
///
/// Field 253, the timestamp (seconds since the FIT epoch, 1989-12-31T00:00:00Z), is filled in for messages
/// with a compressed-timestamp header too.
struct FITMessage {
    var global: UInt16 = 0
    /// Byte offset of the message's record header in the file.
    var offset = 0
    private(set) var numbers: [UInt8] = []
    private(set) var values: [Double] = []

    init() {
        numbers.reserveCapacity(32)
        values.reserveCapacity(32)
    }

    /// The stored number of field `field`, or `nil` when the message does not have it or it is invalid.
    func value(_ field: UInt8) -> Double? {
        for (k, n) in numbers.enumerated() where n == field { return values[k] }
        return nil
    }

    mutating func reset(global: UInt16, offset: Int) {
        self.global = global
        self.offset = offset
        numbers.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }

    mutating func set(_ field: UInt8, _ value: Double) {
        if let k = numbers.firstIndex(of: field) {
            values[k] = value
        } else {
            numbers.append(field)
            values.append(value)
        }
    }
}
