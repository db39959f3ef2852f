#!/usr/bin/env python3
"""Fails on an #include that runs upward through the layers (DESIGN.md, "Enforcing the layers").

  check_includes.py ROOT LAYERS PUBLIC_FOLDERS
  check_includes.py --self-test

LAYERS and PUBLIC_FOLDERS are comma-separated, lowest first (RTORB_LAYERS and
RTORB_PUBLIC_FOLDERS of cmake/RtorbLayers.cmake, the one place the order is written). A file
under ROOT/src/<layer>/ (at any depth) may include "x/file.hpp" only for a layer x at or
below its own; a header under ROOT/include/rtorb/<folder>/ may include <rtorb/x/...> only
for a folder x at or below its own, and no private header at all. Every problem is printed
as file:line, with the include and the order it breaks; the exit status is 1 if any.
"""

import re
import sys
import tempfile
from pathlib import Path

SOURCE_SUFFIXES = {".hpp", ".cpp", ".h", ".cc", ".ipp", ".inl"}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def includes(path):
    """(line number, delimiter, included path) for every #include of `path`."""
    with open(path, encoding="utf-8", errors="replace") as text:
        for number, line in enumerate(text, start=1):
            match = INCLUDE.match(line)
            if match:
                yield number, match.group(1), match.group(2)


def sources(folder):
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in SOURCE_SUFFIXES)


def first_folder(included):
    head, _, rest = included.partition("/")
    return head if rest else None


def where(root, path, number):
    return f"{path.relative_to(root)}:{number}"


def check_private(root, layers):
    """Problems in src/: includes of a layer above the including file's own."""
    problems = []
    src = root / "src"
    for folder in sorted(p for p in src.iterdir() if p.is_dir()):
        if folder.name not in layers:
            problems.append(f"src/{folder.name}: not in the layer order {layers}")
            continue
        rank = layers.index(folder.name)
        for path in sources(folder):
            for number, delimiter, included in includes(path):
                target = first_folder(included)
                if delimiter != '"' or target not in layers or layers.index(target) <= rank:
                    continue
                problems.append(
                    f"{where(root, path, number)}: #include \"{included}\" runs upward: layer "
                    f"'{folder.name}' may include only {layers[:rank + 1]}")
    return problems


def check_public(root, folders, layers):
    """Problems in include/rtorb/: includes of a folder above, or of a private header."""
    problems = []
    public = root / "include" / "rtorb"
    if not public.is_dir():
        return problems
    for folder in sorted(p for p in public.iterdir() if p.is_dir()):
        if folder.name not in folders:
            problems.append(
                f"include/rtorb/{folder.name}: not in the public folder order {folders}")
            continue
        rank = folders.index(folder.name)
        for path in sources(folder):
            for number, delimiter, included in includes(path):
                closing = ">" if delimiter == "<" else '"'
                spelled = f"{delimiter}{included}{closing}"
                if included.startswith("rtorb/"):
                    target = first_folder(included[len("rtorb/"):])
                    if target in folders and folders.index(target) > rank:
                        problems.append(
                            f"{where(root, path, number)}: #include {spelled} runs upward: include/rtorb/"
                            f"{folder.name} may include only {folders[:rank + 1]}")
                elif delimiter == '"' and first_folder(included) in layers:
                    problems.append(
                        f"{where(root, path, number)}: #include {spelled}: a public header includes a "
                        f"private one")
    return problems


def check(root, layers, folders):
    return check_private(root, layers) + check_public(root, folders, layers)


def self_test():
    """The checker on a made-up tree: silent on includes that run down, loud on one up."""
    failures = []
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        files = {
            "src/low/a.hpp": '#include "low/b.hpp"\n#include <vector>\n',
            "src/high/deep/c.cpp": '#include "low/a.hpp"\n#include "high/c.hpp"\n',
            "include/rtorb/one/x.hpp": "#include <rtorb/one/y.hpp>\n",
            "include/rtorb/two/y.hpp": "#include <rtorb/one/x.hpp>\n",
        }
        for name, text in files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(text)
        order = (["low", "high"], ["one", "two"])
        if check(root, *order):
            failures.append(f"a tree with no upward include: {check(root, *order)}")
        (root / "src/low/a.hpp").write_text('#include "low/b.hpp"\n\n#include "high/deep/c.hpp"\n')
        (root / "include/rtorb/one/x.hpp").write_text('#include <rtorb/two/y.hpp>\n#include "low/a.hpp"\n')
        expected = ["src/low/a.hpp:3: #include \"high/deep/c.hpp\" runs upward",
                    "include/rtorb/one/x.hpp:1: #include <rtorb/two/y.hpp> runs upward",
                    "include/rtorb/one/x.hpp:2: #include \"low/a.hpp\": a public header"]
        found = check(root, *order)
        for line in expected:
            if not any(problem.startswith(line) for problem in found):
                failures.append(f"missed: {line}\n  found: {found}")
        (root / "src/stray").mkdir()
        if not any("src/stray: not in the layer order" in p for p in check(root, *order)):
            failures.append("a src/ folder outside the order passed")
    for failure in failures:
        print(f"self-test: {failure}")
    print("self-test:", "failed" if failures else "the checker finds every upward include it was fed")
    return 1 if failures else 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    root, layers, folders = Path(argv[1]), argv[2].split(","), argv[3].split(",")
    problems = check(root, layers, folders)
    for problem in problems:
        print(problem)
    print(f"layers: {len(problems)} upward include(s); order of src/: {' < '.join(layers)}; "
          f"of include/rtorb/: {' < '.join(folders)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
