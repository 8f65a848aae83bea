import CGSL
import Testing
@testable import TrackPipeStages

/// The GSL wrapper: errors come back as values naming the call, never as an abort.
@Suite struct KalmanGSLTests {
    @Test func notPositiveDefiniteBandIsAnErrorNotAnAbort() throws {
        // A 4×4 symmetric band matrix with a negative diagonal: not positive definite.
        var band: [Double] = [-1, 0.5, 0, 0, 2, 0.5, 0, 0, 2, 0.5, 0, 0, 2, 0, 0, 0]
        let error = try #require(throws: GSLError.self) {
            try band.withUnsafeMutableBufferPointer { (b) throws(GSLError) in
                guard let base = b.baseAddress else { return }
                var view = gsl_matrix_view_array(base, 4, 4)
                try GSL.call("gsl_linalg_cholesky_band_decomp") { gsl_linalg_cholesky_band_decomp(&view.matrix) }
            }
        }
        #expect(error.code == Int32(GSL_EDOM))
        #expect(error.call == "gsl_linalg_cholesky_band_decomp")
        #expect(error.message == String(cString: gsl_strerror(Int32(GSL_EDOM))))
        #expect(error.description.contains("gsl_linalg_cholesky_band_decomp"))
    }

    @Test func bandedStorageMatchesADenseSolve() throws {
        // A = [[4,1,0,0],[1,5,2,0],[0,2,6,3],[0,0,3,7]] stored as GSL's symmetric band (row i: A(i,i),
        // A(i+1,i), …; here 3 sub-diagonal columns as the smoother uses), x = [1,2,3,4] ⇒ b = A x = [6, 17, 34, 37].
        var band: [Double] = [4, 1, 0, 0, 5, 2, 0, 0, 6, 3, 0, 0, 7, 0, 0, 0]
        var x: [Double] = [6, 17, 34, 37]
        try band.withUnsafeMutableBufferPointer { (b) throws(GSLError) in
            try x.withUnsafeMutableBufferPointer { (v) throws(GSLError) in
                guard let bb = b.baseAddress, let vb = v.baseAddress else { return }
                var a = gsl_matrix_view_array(bb, 4, 4)
                var rhs = gsl_vector_view_array(vb, 4)
                try GSL.call("gsl_linalg_cholesky_band_decomp") { gsl_linalg_cholesky_band_decomp(&a.matrix) }
                try GSL.call("gsl_linalg_cholesky_band_svx") { gsl_linalg_cholesky_band_svx(&a.matrix, &rhs.vector) }
            }
        }
        for (got, want) in zip(x, [1.0, 2, 3, 4]) { #expect(abs(got - want) < 1e-12) }
    }
}
