/// The CRC-16 of the FIT protocol (polynomial 0xA001, reflected, initial value 0 — the CRC-16/ARC), computed a
/// byte at a time from a 256-entry table built from the polynomial (the protocol's reference goes a nibble at a
/// time, with the same result and twice the lookups). It guards the 14-byte header (bytes 0…11) and the whole
/// file (header and data records), stored little-endian after each.
enum FITCRC {
    private static let table: [UInt16] = (0..<256).map { byte -> UInt16 in
        var crc = UInt16(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        return crc
    }

    /// The CRC of `bytes`, continuing from `crc` (0 to start).
    static func update(_ crc: UInt16, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt16 {
        var crc = crc
        table.withUnsafeBufferPointer { t in
            for byte in bytes {
                crc = (crc >> 8) ^ t[Int(UInt8(truncatingIfNeeded: crc) ^ byte)]
            }
        }
        return crc
    }
}
