/// The CRC-16 of the FIT protocol (polynomial 0xA001, reflected, initial value 0), computed a nibble at a time
/// as the protocol's reference does. It guards the 14-byte header (bytes 0…11) and the whole file (header and
/// data records), stored little-endian after each.
enum FITCRC {
    private static let table: [UInt16] = [
        0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
        0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
    ]

    /// The CRC of `bytes`, continuing from `crc` (0 to start).
    static func update(_ crc: UInt16, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt16 {
        var crc = crc
        table.withUnsafeBufferPointer { t in
            for byte in bytes {
                var tmp = t[Int(crc & 0xF)]
                crc = (crc >> 4) & 0x0FFF
                crc = crc ^ tmp ^ t[Int(byte & 0xF)]
                tmp = t[Int(crc & 0xF)]
                crc = (crc >> 4) & 0x0FFF
                crc = crc ^ tmp ^ t[Int((byte >> 4) & 0xF)]
            }
        }
        return crc
    }
}
