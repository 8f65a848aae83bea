/// A FIT field's base type: its size in bytes, whether it is signed, and the value that means "invalid"
/// (unknown). The protocol stores unknown values as these sentinels, never as zero — except the `…z` types,
/// whose invalid value is 0.
struct FITBaseType: Sendable, Hashable {
    /// Size of one element in bytes (1, 2, 4 or 8); 1 for strings and byte arrays.
    let size: Int
    let isSigned: Bool
    let isFloat: Bool
    /// True for strings and opaque bytes, which are not numbers.
    let isText: Bool
    /// The raw pattern (as unsigned bits of `size` bytes) that marks an invalid value.
    let invalid: UInt64

    /// The base type for the base-type byte of a field definition; `nil` for a byte the protocol does not
    /// define. The endian-ability bit (0x80) is part of the byte.
    init?(_ byte: UInt8) {
        switch byte {
        case 0x00: self.init(1, signed: false, invalid: 0xFF)                       // enum
        case 0x01: self.init(1, signed: true, invalid: 0x7F)                        // sint8
        case 0x02: self.init(1, signed: false, invalid: 0xFF)                       // uint8
        case 0x83: self.init(2, signed: true, invalid: 0x7FFF)                      // sint16
        case 0x84: self.init(2, signed: false, invalid: 0xFFFF)                     // uint16
        case 0x85: self.init(4, signed: true, invalid: 0x7FFF_FFFF)                 // sint32
        case 0x86: self.init(4, signed: false, invalid: 0xFFFF_FFFF)                // uint32
        case 0x07: self.init(1, signed: false, invalid: 0, text: true)              // string
        case 0x88: self.init(4, signed: true, invalid: 0xFFFF_FFFF, float: true)    // float32
        case 0x89: self.init(8, signed: true, invalid: 0xFFFF_FFFF_FFFF_FFFF, float: true) // float64
        case 0x0A: self.init(1, signed: false, invalid: 0)                          // uint8z
        case 0x8B: self.init(2, signed: false, invalid: 0)                          // uint16z
        case 0x8C: self.init(4, signed: false, invalid: 0)                          // uint32z
        case 0x0D: self.init(1, signed: false, invalid: 0xFF, text: true)           // byte
        case 0x8E: self.init(8, signed: true, invalid: 0x7FFF_FFFF_FFFF_FFFF)       // sint64
        case 0x8F: self.init(8, signed: false, invalid: 0xFFFF_FFFF_FFFF_FFFF)      // uint64
        case 0x90: self.init(8, signed: false, invalid: 0)                          // uint64z
        default: return nil
        }
    }

    private init(_ size: Int, signed: Bool, invalid: UInt64, float: Bool = false, text: Bool = false) {
        self.size = size
        self.isSigned = signed
        self.isFloat = float
        self.isText = text
        self.invalid = invalid
    }

    /// The number stored in `raw` (the element's bits, already in host order), or `nil` when it is the invalid
    /// sentinel or not a finite number.
    func value(_ raw: UInt64) -> Double? {
        if raw == invalid || isText { return nil }
        if isFloat {
            let v = size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))) : Double(bitPattern: raw)
            return v.isFinite ? v : nil
        }
        if isSigned {
            let shift = UInt64(64 - 8 * size)
            return Double(Int64(bitPattern: raw << shift) >> Int64(shift))
        }
        return Double(raw)
    }
}
