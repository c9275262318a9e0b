#!/usr/bin/env python3
"""Counts the public declarations of the library modules that have no `///` documentation.

It reads the symbol graphs the compiler emits (`swift package dump-symbol-graph`), which list
every public and open symbol of a module with its doc comment, so nothing that the compiler
counts as public API is missed: enum cases, members of extensions and implicit members too.
Members a type only inherits or gets from a protocol's default implementation are left out
(--skip-synthesized-members), and so are inherited doc comments (--skip-inherited-docs), so a
declaration counts as documented only where its own source says something.

    scripts/doc-coverage.py            dump the graphs, print a count per module
    scripts/doc-coverage.py --list     ... and every undocumented symbol with its file and line
    scripts/doc-coverage.py --no-dump  use the graphs already in .build
Exit status 1 when any public symbol of those modules is undocumented, 0 otherwise.
"""
import glob
import json
import os
import subprocess
import sys

MODULES = ["Geometry", "Dynamics", "Gestures", "Animation"]


def symbol_graph_dir(root):
    found = glob.glob(os.path.join(root, ".build", "*", "symbolgraph"))
    return max(found, key=os.path.getmtime) if found else None


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if "--no-dump" not in argv:
        subprocess.run(["swift", "package", "dump-symbol-graph",
                        "--skip-synthesized-members", "--skip-inherited-docs"],
                       cwd=root, check=True, stdout=subprocess.DEVNULL)
    directory = symbol_graph_dir(root)
    if directory is None:
        sys.exit("no symbol graphs under .build: run without --no-dump")
    total_missing = 0
    for module in MODULES:
        files = glob.glob(os.path.join(directory, module + ".symbols.json"))
        files += glob.glob(os.path.join(directory, module + "@*.symbols.json"))
        symbols, missing, synthesized = 0, [], 0
        for path in sorted(files):
            with open(path, encoding="utf-8") as f:
                graph = json.load(f)
            for symbol in graph["symbols"]:
                if "location" not in symbol:
                    # Made by the compiler with no source line to document it at, such as
                    # the init(rawValue:) of an enum with raw values.
                    synthesized += 1
                    continue
                symbols += 1
                if "docComment" not in symbol:
                    missing.append(symbol)
        total_missing += len(missing)
        print(f"{module}: {len(missing)} of {symbols} public symbols undocumented"
              f" ({synthesized} compiler-made without a source line not counted)", flush=True)
        if "--list" in argv:
            for symbol in sorted(missing, key=location):
                print(f"  {location(symbol)}  {'.'.join(symbol['pathComponents'])}")
    print(f"total undocumented: {total_missing}")
    return 1 if total_missing else 0


def location(symbol):
    where = symbol.get("location", {})
    uri = where.get("uri", "?").replace("file://", "")
    line = where.get("position", {}).get("line", -1) + 1
    return f"{os.path.relpath(uri)}:{line}" if uri != "?" else "?"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
