import CGSL

/// A GSL routine returned a non-zero status. GSL's own abort-on-error handler is switched off (see
/// ``GSL/prepare()``), so every failure arrives here as a value instead of terminating the process.
public struct GSLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// GSL's status code (`GSL_EDOM`, `GSL_EBADLEN`, …, from `gsl_errno.h`).
    public var code: Int32
    /// GSL's text for the code (`gsl_strerror`), e.g. "input domain error".
    public var message: String
    /// The GSL routine that failed, e.g. `gsl_linalg_cholesky_band_decomp`.
    public var call: String

    public init(code: Int32, call: String) {
        self.code = code
        self.call = call
        if let text = gsl_strerror(code) {
            self.message = String(cString: text)
        } else {
            self.message = "unknown GSL status"
        }
    }

    public var description: String { "\(call) failed with GSL status \(code): \(message)" }
}
