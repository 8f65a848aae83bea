import Foundation
import TrackPipeIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text for people: tables and messages on standard output, warnings and errors on standard error.
///
/// Names and messages can hold text from the user's files (a spec's name, a stage name, a file name); a control
/// character in them would drive the terminal (`ESC[31m` turns it red; others move the cursor or retitle the
/// window). Everything written here has its control characters shown as escapes (`\x1B`, `\u{85}`) instead;
/// newlines and tabs stay. Data — a track or report sent to standard output with `-` — goes through
/// `StandardOutput` unchanged.
enum Console {
    /// Prints `text` to standard output, control characters escaped (buffered; a failed write ends the command
    /// with an error, see `StandardOutput`).
    static func out(_ text: String, terminator: String = "\n") {
        StandardOutput.buffered(escaped(text) + terminator)
    }

    /// Writes `text` to standard error at once, control characters escaped. A failure to write there is ignored:
    /// there is nowhere left to report it.
    static func err(_ text: String) {
        writeError(Array(escaped(text).utf8))
    }

    private static func writeError(_ bytes: [UInt8]) {
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }
            done += n
        }
    }

    /// Redraws a status line on standard error (a terminal): carriage return, `line` with its control characters
    /// escaped, then erase to the end of the line.
    static func status(_ line: String) {
        writeError(Array(("\r" + escaped(line) + "\u{1B}[K").utf8))
    }

    /// `text` with every control character except newline and tab replaced by a visible escape.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += scalar.value < 0x80 ? "\\x" + hex(scalar.value, width: 2) : "\\u{" + hex(scalar.value, width: 2) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v == 0x0A || v == 0x09 { return false }
        return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v)
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
