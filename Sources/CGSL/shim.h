#ifndef TRACKPIPE_CGSL_SHIM_H
#define TRACKPIPE_CGSL_SHIM_H
#include <gsl/gsl_errno.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_linalg.h>
#endif
