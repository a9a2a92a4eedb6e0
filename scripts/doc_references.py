#!/usr/bin/env python3
"""Checks that every documentation reference in the deployment files resolves: `docs/NAME.md#anchor` to a
heading of that file, `README "Title"` or `docs/NAME.md, "Title"` to a heading or a bold paragraph lead-in
(`**Title.**`), and a bare `docs/NAME.md` to a file. Markdown links with an anchor in README.md and docs/*.md
(`[Sizing](#sizing)`, `(performance.md#http)`) are held to the same rule. A section renamed or moved (as
README's "Deploying" once was) fails here instead of leaving a manifest citing nothing.

Usage: doc_references.py
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CITING = ["Dockerfile", ".dockerignore", "Package.swift", "Benchmarks/Package.swift", "deploy/**/*"]
CITATION = re.compile(r'(?P<file>\bREADME(?:\.md)?|\bdocs/[\w-]+\.md)(?:#(?P<anchor>[\w-]+)|,? "(?P<title>[^"]+)")?')
LINK = re.compile(r"\]\((?P<file>[\w./-]*\.md|)#(?P<anchor>[\w-]+)\)")


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def sections(path):
    """(anchors, titles) of a Markdown file: its headings' anchors and `<a id>`s, its headings' and bold lead-ins' text."""
    text = open(path).read()
    headings = re.findall(r"^#+ (.+)$", text, re.M)
    lead_ins = re.findall(r"^(?:<a id=\"[\w-]+\"></a>)?\*\*([^*]+?)\.?\*\*", text, re.M)
    ids = re.findall(r"<a id=\"([\w-]+)\">", text)
    return {slug(heading) for heading in headings} | set(ids), set(headings) | set(lead_ins)


def resolve(citing, file, anchor, title):
    """A problem with one reference, or None."""
    path = os.path.normpath(os.path.join(ROOT, "README.md" if file.startswith("README") else file))
    if not os.path.isfile(path):
        return f"{citing}: {file} does not exist"
    anchors, titles = sections(path)
    if anchor and anchor not in anchors:
        return f"{citing}: {file} has no heading for #{anchor}"
    if title and title not in titles:
        return f"{citing}: {file} has no section \"{title}\""
    return None


def main():
    problems, count = [], 0
    files = sorted({path for pattern in CITING for path in glob.glob(os.path.join(ROOT, pattern), recursive=True)})
    for path in filter(os.path.isfile, files):
        for match in CITATION.finditer(open(path).read()):
            count += 1
            problems.append(resolve(os.path.relpath(path, ROOT), match["file"], match["anchor"], match["title"]))
    for path in [os.path.join(ROOT, "README.md"), *glob.glob(os.path.join(ROOT, "docs", "*.md"))]:
        for match in LINK.finditer(open(path).read()):
            count += 1
            target = os.path.relpath(os.path.join(os.path.dirname(path), match["file"]), ROOT) if match["file"] else os.path.relpath(path, ROOT)
            problems.append(resolve(os.path.relpath(path, ROOT), target, match["anchor"], None))
    problems = [problem for problem in problems if problem]
    for problem in problems:
        print(f"FAIL {problem}")
    if problems:
        sys.exit(1)
    print(f"ok   {count} documentation references in Dockerfile, Package.swift, deploy/ and the docs' anchored links resolve")


if __name__ == "__main__":
    main()
