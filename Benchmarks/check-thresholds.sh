#!/bin/sh
# Runs the benchmarks and checks them against the committed thresholds in Benchmarks/Thresholds/
# (package-benchmark's static thresholds: each benchmark's p90 per metric, with the tolerances of
# Benchmarks/BenchmarkSupport/BenchmarkPolicy.swift). Not part of .ci/run: a full run takes several minutes.
#
#   Benchmarks/check-thresholds.sh                          check every benchmark
#   Benchmarks/check-thresholds.sh --target KalmanBenchmarks --filter '.*2293 fixes'
#   Benchmarks/check-thresholds.sh --update                 run them and rewrite Thresholds/ (then commit it)
#   Benchmarks/check-thresholds.sh --update NAME            rewrite Thresholds/ from the stored baseline NAME
#
# Exit status (package-benchmark's): 0 within the thresholds; 2 a regression (the table above it names the
# benchmark, the metric and by how much); 4 only improvements beyond the tolerances — run --update and commit
# the new Thresholds/ so the improvement is kept.
set -u
cd "$(dirname "$0")" || exit 1

if [ "${1:-}" = "--update" ]; then
    shift
    exec swift package --disable-sandbox --allow-writing-to-package-directory benchmark thresholds update --no-progress "$@"
fi

swift package --disable-sandbox benchmark thresholds check --no-progress "$@"
status=$?
case $status in
    0) echo "check-thresholds: every benchmark is within its thresholds" ;;
    2) echo "check-thresholds: REGRESSION beyond the thresholds (see the table above)" >&2 ;;
    4) echo "check-thresholds: only improvements beyond the thresholds; run $0 --update and commit Thresholds/" >&2 ;;
    *) echo "check-thresholds: the benchmark run failed (exit status $status)" >&2 ;;
esac
exit $status
