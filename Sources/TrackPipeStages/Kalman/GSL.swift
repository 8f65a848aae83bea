import CGSL

/// The thin layer between TrackPipe and GSL: turns GSL's default error handler (which prints and calls
/// `abort()`) off exactly once per process, and maps every status code to a thrown ``GSLError`` naming the call.
///
/// Every entry into GSL from TrackPipe goes through ``call(_:_:)`` (or calls ``prepare()`` first), so no input,
/// however bad, can make GSL abort the process.
public enum GSL {
    /// Swift runs a global's initialiser exactly once, thread-safely (`swift_once`), so this is the
    /// one-time switch-off without a lock of our own.
    private static let handlerOff: Bool = {
        _ = gsl_set_error_handler_off()
        return true
    }()

    /// Switches GSL's abort-on-error handler off (once; later calls cost one atomic load).
    @inline(__always)
    public static func prepare() {
        _ = handlerOff
    }

    /// Throws ``GSLError`` when `status` is not `GSL_SUCCESS`; `name` is the routine, for the message.
    @inline(__always)
    public static func check(_ status: Int32, _ name: StaticString) throws(GSLError) {
        if status != 0 {  // GSL_SUCCESS
            throw GSLError(code: status, call: "\(name)")
        }
    }

    /// Runs the GSL call `body` (after ``prepare()``) and checks its status.
    @inline(__always)
    public static func call(_ name: StaticString, _ body: () -> Int32) throws(GSLError) {
        prepare()
        try check(body(), name)
    }
}
