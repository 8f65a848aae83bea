#!/usr/bin/env python3
"""Writes each built-in stage's reference (summary, rules, parameter table) into the TrackPipeStages DocC
articles, between the markers

    <!-- stage-reference: NAME -->
    <!-- end stage-reference -->

from `trackpipe stages --json`, so the articles say what the parameter tables in the code say.

    Scripts/stage-reference.py STAGES.json            rewrite the blocks in place
    Scripts/stage-reference.py STAGES.json --check    exit 1 (naming the article) when a block is stale

STAGES.json is the output of `trackpipe stages --json`.
"""
import json
import pathlib
import re
import sys

CATALOG = pathlib.Path(__file__).resolve().parent.parent / "Sources/TrackPipeStages/TrackPipeStages.docc"
BLOCK = re.compile(r"(<!-- stage-reference: ([a-z0-9-]+) -->\n)(.*?)(<!-- end stage-reference -->)", re.S)


def number(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def block(stage):
    mode = ("Causal: decides fix by fix and runs live (`trackpipe stream`)." if stage["causal"]
            else "Whole track: runs offline only.")
    lines = [f"**{stage['summary']}** {mode}", "", stage["discussion"], ""]
    if stage["parameters"]:
        lines += ["| Parameter | Type | Unit | Default | Allowed | What it does |", "|---|---|---|---|---|---|"]
        for p in stage["parameters"]:
            default = f"`{number(p['default'])}`" if "default" in p else "per activity" if p["name"] in (
                "max-speed", "process-noise") else "unset"
            allowed = ", ".join(f"`{c}`" for c in p["choices"]) if "choices" in p else p.get("range", "")
            lines.append(f"| `{p['name']}` | {p['type']} | {p['unit'] or '—'} | {default} | {cell(allowed)} | "
                         f"{cell(p['help'])} |")
        lines.append("")
    return "\n".join(lines)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    stages = {s["name"]: s for s in json.load(open(sys.argv[1]))}
    check = "--check" in sys.argv[2:]
    seen, stale = set(), []
    for article in sorted(CATALOG.glob("*.md")):
        text = article.read_text()

        def replace(match):
            name = match.group(2)
            if name not in stages:
                sys.exit(f"{article.name}: no stage named '{name}' in {sys.argv[1]}")
            seen.add(name)
            return match.group(1) + block(stages[name]) + match.group(4)

        new = BLOCK.sub(replace, text)
        if new != text:
            if check:
                stale.append(article.name)
            else:
                article.write_text(new)
    missing = sorted(set(stages) - seen)
    if missing:
        sys.exit(f"stage-reference: no article has a block for {', '.join(missing)}")
    if stale:
        sys.exit(f"stage-reference: stale stage reference in {', '.join(stale)}; run Scripts/stage-reference.py")


if __name__ == "__main__":
    main()
