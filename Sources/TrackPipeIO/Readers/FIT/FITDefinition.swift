/// A definition message: how the data messages of one local message type are laid out until the type is
/// defined again.
struct FITDefinition: Sendable {
    /// One field of the layout: its field number, its size in bytes (an array when a multiple of the base
    /// type's size) and its base type (`nil` when the base-type byte is not one the protocol defines: the field
    /// is then skipped by its size).
    struct Field: Sendable {
        let number: UInt8
        let size: Int
        let type: FITBaseType?
    }

    /// The global message number (20 = record, 21 = event, 18 = session, 12 = sport, …).
    let global: UInt16
    /// Multi-byte values are big-endian (architecture byte 1) rather than little-endian (0).
    let bigEndian: Bool
    let fields: [Field]
    /// Bytes of developer fields after the fields: skipped, since their meaning is in other messages and none
    /// of them is a position.
    let developerBytes: Int
    /// Bytes of one data message after its header.
    let dataSize: Int
}
