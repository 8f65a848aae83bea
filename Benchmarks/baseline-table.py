#!/usr/bin/env python3
"""Prints a stored baseline as the Markdown table of Benchmarks/README.md.

    cd Benchmarks
    swift package --disable-sandbox --allow-writing-to-package-directory benchmark baseline update NAME
    swift package benchmark baseline read NAME --no-progress | python3 baseline-table.py

Reads package-benchmark's text output (one table per benchmark) on standard input and prints one row per
benchmark: target, name, wall-clock p0 / p50 / p90, malloc calls per run (p50), and samples.
"""
import re
import sys

SCALE = {"ns": 1e-3, "μs": 1.0, "us": 1.0, "ms": 1e3, "s": 1e6}


def fmt_time(us):
    if us >= 10_000:
        return f"{us / 1000:.0f} ms"
    if us >= 1_000:
        return f"{us / 1000:.2f} ms"
    return f"{us:.0f} μs"


def main():
    target = None
    name = None
    rows = []
    current = None
    lines = sys.stdin.read().splitlines()
    for i, line in enumerate(lines):
        if line.startswith("====") and i >= 1 and i + 1 < len(lines) and lines[i + 1].startswith("===="):
            continue
        if i >= 1 and lines[i - 1].startswith("====") and i + 1 < len(lines) and lines[i + 1].startswith("====") and line.strip():
            target = line.strip()
            continue
        if i + 1 < len(lines) and lines[i + 1].startswith("╒") and line.strip():
            name = line.strip()
            current = {"target": target, "name": name}
            rows.append(current)
            continue
        m = re.match(r"│ (.+?)\s+│(.*)│\s*$", line)
        if m and current is not None:
            metric = m.group(1).strip()
            cells = [c.strip() for c in m.group(2).split("│")]
            if metric.startswith("Time (wall clock)"):
                unit = re.search(r"\((\w+|μs)\)", metric[len("Time (wall clock)"):])
                scale = SCALE.get(unit.group(1), 1.0) if unit else 1.0
                p0, p50, p90 = (float(cells[0]) * scale, float(cells[2]) * scale, float(cells[4]) * scale)
                current.update(p0=p0, p50=p50, p90=p90, samples=cells[7])
            elif metric.startswith("Malloc (total)"):
                unit = re.search(r"\((K|M|G)\)", metric)
                current["mallocs"] = cells[2] + (" " + unit.group(1) if unit else "")
    print("| Target | Benchmark | p0 | median | p90 | mallocs | samples |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for r in rows:
        if "p50" not in r:
            continue
        print(f"| {r['target']} | {r['name']} | {fmt_time(r['p0'])} | {fmt_time(r['p50'])} | {fmt_time(r['p90'])} | "
              f"{r.get('mallocs', '—')} | {r['samples']} |")


if __name__ == "__main__":
    main()
