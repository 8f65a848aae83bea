#!/usr/bin/env python3
"""Whole-process figures for issue 18: `trackpipe` against GPSBabel, and the cost per fix as tracks grow.

    python3 Benchmarks/end-to-end.py                       # 2300, 23 000 and 230 000 fixes, 5 rounds
    python3 Benchmarks/end-to-end.py --sizes 2300,2300000  # 2.3 M fixes (a 580 MB GPX; a few minutes)
    python3 Benchmarks/end-to-end.py --repeat 9 --binary .build/release/trackpipe

Builds the release `trackpipe` with the Swift runtime linked in, as the quick start does (unless --binary names one) and makes its inputs with `trackpipe simulate`
(the park loop with every default effect: warm-up, multipath, jumps, cell fixes, gaps; 1 Hz) in --work. Sizes
above the simulator's 1 000 000 fixes are several simulated runs, two weeks apart, joined with `trackpipe merge`.
Each input is also converted to NDJSON for `trackpipe stream`.

For every size it runs, alternately and --repeat times (a round runs each command once, so load on the machine
falls on all of them alike):

    gpsbabel    gpsbabel -i gpx -f IN -x discard,hdop=4 -x position,distance=3m -o gpx -F OUT
    run         trackpipe run IN -o OUT.gpx                 (the default pipeline)
    run-report  trackpipe run IN -o OUT.gpx --report OUT.json
    convert     trackpipe convert IN OUT.csv
    info        trackpipe info IN
    stream      trackpipe stream < IN.ndjson > /dev/null   (the default pipeline's causal stages)

and prints the median wall time of each, the cost per fix, the peak resident memory (the largest of the
rounds), and the ratios the issue sets targets for: GPSBabel ÷ run (≥ 3 at 2300 fixes, ≥ 10 at 230 000),
run-report ÷ run (≤ 1.5), peak RSS of run-report ÷ input size (≤ 3 at 2.3 M fixes).

GPSBabel comes from Debian (`apt-get install gpsbabel`); the script installs it when it is missing and it runs
as root, and otherwise leaves it out of the table with a note. Timing belongs here, not in the tests.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIMULATOR_LIMIT = 1_000_000


def fail(message):
    print(f"end-to-end.py: {message}", file=sys.stderr)
    sys.exit(1)


def run_checked(argv, **kwargs):
    result = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)
    if result.returncode != 0:
        fail(f"{' '.join(argv)} exited {result.returncode}:\n{result.stderr.decode(errors='replace')}")
    return result


def measure_with_rss(argv, stdin_path=None):
    """Runs `argv` as a child of a short Python helper that reports the child's own peak RSS (ru_maxrss of
    RUSAGE_CHILDREN is the largest over every child so far, so each measurement needs a fresh parent)."""
    helper = (
        "import os,resource,subprocess,sys,time\n"
        "stdin=open(sys.argv[1],'rb') if sys.argv[1] else subprocess.DEVNULL\n"
        "t=time.perf_counter()\n"
        "p=subprocess.run(sys.argv[2:],stdin=stdin,stdout=subprocess.DEVNULL,stderr=subprocess.PIPE)\n"
        "e=time.perf_counter()-t\n"
        "if p.returncode: sys.stderr.buffer.write(p.stderr); sys.exit(p.returncode)\n"
        "print(e, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss*1024)\n"
    )
    result = subprocess.run([sys.executable, "-c", helper, stdin_path or "", *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if result.returncode != 0:
        fail(f"{' '.join(argv)} exited {result.returncode}:\n{result.stderr.decode(errors='replace')}")
    seconds, rss = result.stdout.split()
    return float(seconds), int(rss)


def ensure_gpsbabel():
    if shutil.which("gpsbabel"):
        return True
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print("installing gpsbabel from Debian …", file=sys.stderr)
        subprocess.run(["apt-get", "update", "-qq"], stdout=subprocess.DEVNULL)
        subprocess.run(["apt-get", "install", "-y", "-qq", "gpsbabel"], stdout=subprocess.DEVNULL)
    return shutil.which("gpsbabel") is not None


def make_input(binary, work, fixes):
    path = os.path.join(work, f"run-{fixes}.gpx")
    ndjson = os.path.join(work, f"run-{fixes}.ndjson")
    if not os.path.exists(path):
        if fixes <= SIMULATOR_LIMIT:
            run_checked([binary, "simulate", "--set", f"fix-count={fixes}", "-o", path, "--force"])
        else:
            parts = []
            remaining, index = fixes, 0
            while remaining > 0:
                count = min(remaining, SIMULATOR_LIMIT)
                part = os.path.join(work, f"part-{fixes}-{index}.gpx")
                start = 1_747_468_800 + index * 86_400 * 14  # two weeks apart: no overlap in time
                run_checked([binary, "simulate", "--set", f"fix-count={count}", "--set", f"start-time={start}",
                             "--seed", str(index + 1), "-o", part, "--force"])
                parts.append(part)
                remaining -= count
                index += 1
            run_checked([binary, "merge", *parts, "-o", path, "--force"])
            for part in parts:
                os.remove(part)
                truth = part[:-4] + ".truth.csv"
                if os.path.exists(truth):
                    os.remove(truth)
    if not os.path.exists(ndjson):
        run_checked([binary, "convert", path, "-o", ndjson, "--force"])
    return path, ndjson


def fmt_seconds(s):
    return f"{s * 1000:.0f} ms" if s < 10 else f"{s:.1f} s"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="2300,23000,230000", help="fix counts, comma-separated")
    parser.add_argument("--repeat", type=int, default=5, help="rounds per size (median taken)")
    parser.add_argument("--binary", help="a built trackpipe (default: build the release one)")
    parser.add_argument("--work", default="/tmp/trackpipe-end-to-end", help="folder for inputs and outputs")
    parser.add_argument("--only", help="commands to run, comma-separated (default: all)")
    args = parser.parse_args()

    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    if not sizes or any(n < 2 for n in sizes):
        fail("--sizes needs fix counts of at least 2")
    if args.repeat < 1:
        fail("--repeat needs at least 1")
    binary = args.binary
    if binary is None:
        print("building the release trackpipe …", file=sys.stderr)
        run_checked(["bash", os.path.join(ROOT, "Scripts", "build-release.sh")], cwd=ROOT)
        binary = os.path.join(ROOT, ".build", "release", "trackpipe")
    binary = os.path.abspath(binary)
    if not os.access(binary, os.X_OK):
        fail(f"{binary} is not an executable")
    os.makedirs(args.work, exist_ok=True)
    have_gpsbabel = ensure_gpsbabel()
    if not have_gpsbabel:
        print("note: gpsbabel is not installed (apt-get install gpsbabel); its column is left out", file=sys.stderr)

    commands = ["gpsbabel", "run", "run-report", "convert", "info", "stream"]
    if args.only:
        commands = [c for c in args.only.split(",") if c in commands]
    if not have_gpsbabel and "gpsbabel" in commands:
        commands.remove("gpsbabel")

    version = subprocess.run([binary, "--version"], stdout=subprocess.PIPE).stdout.decode().strip()
    print(f"trackpipe {version} ({binary}); {os.cpu_count()} cores; load {os.getloadavg()[0]:.2f}; "
          f"{args.repeat} rounds, medians")
    print()
    print("| fixes | input | command | median | per fix | peak RSS | RSS ÷ input |")
    print("|---:|---:|---|---:|---:|---:|---:|")
    ratios = []
    for fixes in sizes:
        gpx, ndjson = make_input(binary, args.work, fixes)
        size = os.path.getsize(gpx)
        out = os.path.join(args.work, f"out-{fixes}")
        argv = {
            "gpsbabel": ["gpsbabel", "-i", "gpx", "-f", gpx, "-x", "discard,hdop=4", "-x", "position,distance=3m",
                         "-o", "gpx", "-F", out + ".gpsbabel.gpx"],
            "run": [binary, "run", gpx, "-o", out + ".gpx", "--force"],
            "run-report": [binary, "run", gpx, "-o", out + ".gpx", "--report", out + ".json", "--force"],
            "convert": [binary, "convert", gpx, "-o", out + ".csv", "--force"],
            "info": [binary, "info", gpx],
            "stream": [binary, "stream"],
        }
        stdin = {"stream": ndjson}
        times = {c: [] for c in commands}
        peaks = {c: 0 for c in commands}
        for _ in range(args.repeat):
            for c in commands:
                seconds, rss = measure_with_rss(argv[c], stdin.get(c))
                times[c].append(seconds)
                peaks[c] = max(peaks[c], rss)
        medians = {c: statistics.median(times[c]) for c in commands}
        for c in commands:
            print(f"| {fixes:,} | {size / 1e6:.1f} MB | {c} | {fmt_seconds(medians[c])} | "
                  f"{medians[c] / fixes * 1e6:.2f} µs | {peaks[c] / 1e6:.0f} MB | {peaks[c] / size:.2f} |")
        if "gpsbabel" in medians and "run" in medians:
            ratios.append(f"{fixes:,} fixes: GPSBabel ÷ run = {medians['gpsbabel'] / medians['run']:.2f}")
        if "run-report" in medians and "run" in medians:
            ratios.append(f"{fixes:,} fixes: run-report ÷ run = {medians['run-report'] / medians['run']:.2f}")
    print()
    for line in ratios:
        print(line)


if __name__ == "__main__":
    main()
