#!/usr/bin/env python3
"""Run TrackPipe over many track files on Apache Spark: the file list is distributed, each partition is piped
through `trackpipe run --files-from - --summary -` (paths in on standard input, one JSON row per finished run out
on standard output), and the rows become a DataFrame written as Parquet.

    python3 trackpipe_spark.py --trackpipe .build/release/trackpipe --out summary.parquet datasets/*.gpx
    python3 trackpipe_spark.py --check ...     # also compare with a local `trackpipe run --summary` row for row

Local mode (`--master local[2]`, the default) needs only `pip install pyspark` and Java 17. On a cluster, every
executor needs the trackpipe binary at the same path (build it with `bash
Scripts/build-release.sh`) and the C libraries it links: libgsl, libxml2, libssl, zlib, simdjson and libsqlite3
(Debian: libgsl27, libxml2, libssl3, zlib1g, libsimdjson14, libsqlite3-0); the track files must be readable at the
listed paths (a shared file system) — or ship them with the job. Extra pipeline options go after `--`, e.g. `-- --pipeline runkeeper`.
"""
import argparse
import json
import math
import os
import shlex
import subprocess
import sys


def normalise(value):
    """Numbers as floats, nested rows as dicts without null members: JSON rows and Spark rows compare equal."""
    if isinstance(value, dict):
        return {k: normalise(v) for k, v in value.items() if v is not None}
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    return value


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trackpipe", required=True, help="path of the trackpipe binary (the same on every executor)")
    parser.add_argument("--out", required=True, help="Parquet folder to write the summary to")
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--partitions", type=int, default=2)
    parser.add_argument("--check", action="store_true", help="compare with a local run's --summary, row for row")
    parser.add_argument("files", nargs="+")
    args, extra = parser.parse_known_args()
    extra = [a for a in extra if a != "--"]
    trackpipe = os.path.abspath(args.trackpipe)
    files = [os.path.abspath(f) for f in args.files]

    from pyspark.sql import SparkSession

    spark = SparkSession.builder.master(args.master).appName("trackpipe").getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    command = [trackpipe, "run", "--files-from", "-", "--summary", "-", "--summary-format", "ndjson",
               "--progress", "none", "-q", "--jobs", "1"] + extra
    # RDD.pipe feeds each partition's elements as lines on standard input and reads standard output's lines.
    # trackpipe exits 2 when some inputs failed; their rows say why, so the exit status is not checked here.
    # Cached: reading JSON takes one pass to infer the schema and another to load, and each would run trackpipe.
    lines = spark.sparkContext.parallelize(files, args.partitions).pipe(shlex.join(command), checkCode=False).cache()
    frame = spark.read.json(lines)
    frame.write.mode("overwrite").parquet(args.out)
    rows = [normalise(r.asDict(recursive=True)) for r in spark.read.parquet(args.out).collect()]
    print(f"{len(rows)} rows written to {args.out}")

    status = 0
    if args.check:
        local = subprocess.run([trackpipe, "run", "--summary", "-", "--summary-format", "ndjson", "--progress", "none", "-q"]
                               + extra + files, capture_output=True, text=True)
        expected = [normalise(json.loads(line)) for line in local.stdout.splitlines() if line.strip()]
        key = lambda row: row["file"]
        got, want = sorted(rows, key=key), sorted(expected, key=key)
        if got != want:
            print("MISMATCH between Spark and the local summary", file=sys.stderr)
            for g, w in zip(got, want):
                if g != w:
                    print(json.dumps({"spark": g, "local": w}, sort_keys=True), file=sys.stderr)
            if len(got) != len(want):
                print(f"{len(got)} Spark rows, {len(want)} local rows", file=sys.stderr)
            status = 1
        else:
            print(f"the Spark summary equals the local --summary, row for row ({len(got)} rows)")
    spark.stop()
    return status


if __name__ == "__main__":
    sys.exit(main())
