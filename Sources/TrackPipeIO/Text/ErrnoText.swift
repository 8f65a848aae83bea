import Foundation

/// The C library's message for the current `errno` (`strerror`), e.g. "No space left on device". Read it right
/// after the failing call, before anything else can change `errno`.
enum ErrnoText {
    static var current: String { String(cString: strerror(errno)) }
}
