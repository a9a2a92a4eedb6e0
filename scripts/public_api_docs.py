#!/usr/bin/env python3
"""Checks that the public API documents itself, as DocC shows it to a caller.

Usage: public_api_docs.py [DIRECTORY ...]   (default: every library target: Geometry, Core, JSON, Wire, Server, Client, Tracing)
Every public declaration (types, properties, cases of public enums, requirements of public protocols, functions,
initializers, subscripts) needs a `///` comment whose first line is its one-line summary. A function, initializer or
subscript also needs each parameter in `- Parameter name:` or a `- Parameters:` list (by its local name, and no
name it does not have), `- Returns:` when it returns a value and `- Throws:` when it throws.
A witness of a protocol requirement declared in the scanned sources, in an extension or type that states the
conformance, inherits the requirement's comment as DocC does: it may have none, and a comment of its own needs only
its summary (what it adds to the requirement's).
Exits 1 listing what lacks docs as `path:line: declaration: what is missing`; exits 0 silently otherwise."""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_DIRECTORIES = [
    "Sources/FlightplanGeometry", "Sources/FlightplanCore", "Sources/FlightplanJSON", "Sources/FlightplanWire", "Sources/FlightplanServer",
    "Sources/FlightplanClient", "Sources/FlightplanTracing",
]
TYPE_KEYWORDS = {"enum", "struct", "class", "actor", "protocol", "extension"}
DECLARATION_KEYWORDS = TYPE_KEYWORDS | {"func", "init", "subscript", "var", "let", "case", "typealias", "associatedtype", "macro"}
MODIFIERS = {
    "public", "open", "package", "internal", "fileprivate", "private", "static", "class", "final", "mutating", "nonmutating",
    "nonisolated", "indirect", "override", "required", "convenience", "lazy", "weak", "unowned", "dynamic", "consuming",
    "borrowing", "isolated", "distributed", "optional",
}
ATTRIBUTE = re.compile(r"@[\w.]+(\((?:[^()]|\([^()]*\))*\))?\s*")
MODIFIER = re.compile(r"(\w+)(\((?:set|get)\))?\s*")


def code_only(text):
    """`text` with comments and string literals blanked to spaces, newlines kept, so braces and parentheses count."""
    out = list(text)
    i, n = 0, len(text)

    def blank(start, end):
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    def skip_string(i):
        """The index just past the string literal that starts at `i` (raw `#"`, multi-line `\"\"\"`, interpolations)."""
        hashes = len(text[i:]) - len(text[i:].lstrip("#"))
        j = i + hashes
        quote = '"""' if text.startswith('"""', j) else '"'
        j += len(quote)
        close, escape = quote + "#" * hashes, "\\" + "#" * hashes
        while j < n:
            if text.startswith(escape + "(", j):
                j = skip_interpolation(j + len(escape) + 1)
            elif text.startswith(escape, j):
                j += len(escape) + 1
            elif text.startswith(close, j):
                return j + len(close)
            else:
                j += 1
        return j

    def skip_interpolation(j):
        """The index just past the `)` that ends the interpolated code starting at `j`."""
        depth = 0
        while j < n:
            c = text[j]
            if c == '"' or (c == "#" and text[j:].lstrip("#").startswith('"')):
                j = skip_string(j)
                continue
            if c == "(":
                depth += 1
            elif c == ")":
                if depth == 0:
                    return j + 1
                depth -= 1
            j += 1
        return j

    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif text[i] == '"' or (text[i] == "#" and text[i:].lstrip("#").startswith('"')):
            end = skip_string(i)
            blank(i, end)
            i = end
        else:
            i += 1
    return "".join(out)


def balanced(code, start):
    """The index just past the bracket that closes the one at `start`."""
    pairs = {"(": ")", "[": "]", "<": ">"}
    opener, closer, depth = code[start], pairs[code[start]], 0
    for k in range(start, len(code)):
        if code[k] == opener:
            depth += 1
        elif code[k] == closer and not (closer == ">" and code[k - 1] == "-"):
            depth -= 1
            if depth == 0:
                return k + 1
    return len(code)


def split_top_level(text):
    """`text` split at the commas outside any brackets."""
    parts, depth, current = [], 0, ""
    for c in text:
        if c in "([<":
            depth += 1
        elif c in ")]>" and not current.endswith("-"):
            depth -= 1
        if c == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += c
    return parts + [current] if current.strip() else parts


def parameter_names(parameter_list, keyword):
    """(argument labels, local names) of a parameter list without its parentheses; DocC documents the local names."""
    labels, names = [], []
    for parameter in split_top_level(parameter_list):
        words = ATTRIBUTE.sub("", parameter.split(":")[0]).split()
        if words:
            labels.append(words[0] if len(words) > 1 or keyword != "subscript" else "_")
            names.append(words[-1])
    return labels, names


def declaration_at(code, start):
    """The declaration starting at `start`: (modifiers, keyword, text after the keyword) or None."""
    rest = code[start:]
    while True:
        attribute = ATTRIBUTE.match(rest)
        if not attribute:
            break
        rest = rest[attribute.end():]
    modifiers = []
    while True:
        modifier = MODIFIER.match(rest)
        if not modifier:
            return None
        word = modifier.group(1)
        if word in DECLARATION_KEYWORDS and not (word == "class" and re.match(r"class\s+(func|var|let|subscript)\b", rest)):
            return modifiers, word, rest[modifier.end():]
        if word not in MODIFIERS:
            return None
        modifiers.append(word)
        rest = rest[modifier.end():]


def signature(after_keyword, keyword):
    """(symbol, parameter names, returns a value, throws) of a func, init or subscript from the text after its keyword."""
    name = re.match(r"[^\s(<]*", after_keyword).group(0)
    k = len(name)
    while k < len(after_keyword) and after_keyword[k] in " \n":
        k += 1
    if k < len(after_keyword) and after_keyword[k] == "<":
        k = balanced(after_keyword, k)
    opening = after_keyword.index("(", k)
    closing = balanced(after_keyword, opening)
    labels, parameters = parameter_names(after_keyword[opening + 1:closing - 1], keyword)
    effects = re.match(r"\s*(async\s*)?(throws\s*(\((?:[^()]|\([^()]*\))*\))?|rethrows)?\s*(async\s*)?(->\s*([^{\n]*))?", after_keyword[closing:])
    result = (effects.group(6) or "").split(" where ")[0].strip()
    returns = bool(result) and result not in {"Void", "()", "Never"}
    throws = bool(effects.group(2))
    symbol = (name if keyword == "func" else keyword + name) + "(" + "".join(label + ":" for label in labels) + ")"
    return symbol, parameters, returns, throws


def doc_comment(lines, index):
    """The text of the `///` lines just above line `index` (attribute lines in between skipped), top first, indented as
    written after the `/// `."""
    doc, j = [], index - 1
    while j >= 0:
        stripped = lines[j].strip()
        if stripped.startswith("///"):
            doc.append(stripped[4:] if stripped.startswith("/// ") else stripped[3:])
        elif not stripped.startswith("@") or doc:
            break
        j -= 1
    return list(reversed(doc))


def parameter_problems(doc, parameters):
    """What a comment's parameter callouts lack or name wrongly."""
    documented, in_list = [], False
    for line in doc:
        single = re.match(r"- Parameter\s+(\w+)\s*:", line)
        if single:
            documented.append(single.group(1))
            in_list = False
        elif re.match(r"- Parameters\s*:", line):
            in_list = True
        elif in_list and re.match(r"\s+- \w+\s*:", line):
            documented.append(re.match(r"\s+- (\w+)", line).group(1))
        elif line.startswith("- "):
            in_list = False
    missing = [f"`{p}`" for p in parameters if p not in documented]
    stale = [f"`{p}`" for p in documented if p not in parameters]
    return ([f"no `- Parameter` for {', '.join(missing)}"] if missing else []) + ([f"documents no parameter {', '.join(stale)}"] if stale else [])


def conformances(after_keyword):
    """The protocol names a type or extension declaration states after its `:`, from the text after its keyword."""
    header = after_keyword.split("{")[0].split(" where ")[0]
    if ":" not in header:
        return set()
    return {re.match(r"\s*([\w.]*)", name).group(1).split(".")[-1] for name in split_top_level(header.split(":", 1)[1])}


def problems_in(path, requirements):
    """Every (line, declaration, problem) of one Swift file; records the requirements of the public protocols it
    declares in `requirements` (protocol name to declaration labels) and lets witnesses of those already recorded
    inherit their docs."""
    text = path.read_text()
    code = code_only(text)
    lines, code_lines = text.split("\n"), code.split("\n")
    offsets = [0]
    for line in code_lines:
        offsets.append(offsets[-1] + len(line) + 1)
    found = []
    scopes = []  # per open brace: (keyword, public, name, stated conformances) for a type's body, None for any other block
    pending = None  # the type declared since the last brace, waiting for its body
    for index, line in enumerate(code_lines):
        stripped = line.lstrip()
        start = offsets[index] + len(line) - len(stripped)
        declaration = declaration_at(code, start) if stripped else None
        if declaration:
            modifiers, keyword, after = declaration
            enclosing = scopes[-1] if scopes else None
            public = "public" in modifiers or "open" in modifiers
            if enclosing and enclosing[1] and not (set(modifiers) & {"private", "fileprivate", "internal", "package"}):
                public = public or (keyword == "case" and enclosing[0] == "enum") or enclosing[0] in {"protocol", "public extension"}
            if keyword == "case" and not (enclosing and enclosing[0] == "enum"):
                declaration = None
            elif keyword in TYPE_KEYWORDS:
                name = re.match(r"[\w.]*", after).group(0)
                pending = ("public extension" if keyword == "extension" and public else keyword, public, name, conformances(after))
                public = public and keyword != "extension"
        if declaration and public:
            doc = doc_comment(lines, index)
            label = keyword + " " + re.match(r"[^\s:(<{=,]*", after).group(0)
            if keyword in {"func", "init", "subscript"}:
                label, parameters, returns, throws = signature(after, keyword)
            if enclosing and enclosing[0] == "protocol":
                requirements.setdefault(enclosing[2], set()).add(label)
            witness = enclosing is not None and any(label in requirements.get(name, ()) for name in enclosing[3])
            issues = []
            if witness and not doc:
                pass
            elif not doc or not doc[0].strip() or doc[0].startswith("- "):
                issues.append("no one-line `///` summary")
            if keyword in {"func", "init", "subscript"} and not witness:
                issues += parameter_problems(doc, parameters)
                if returns and not any(d.startswith("- Returns:") for d in doc):
                    issues.append("no `- Returns:`")
                if throws and not any(d.startswith("- Throws:") for d in doc):
                    issues.append("no `- Throws:`")
            if issues:
                found.append((index + 1, label, "; ".join(issues)))
        for c in line:
            if c == "{":
                scopes.append(pending)
                pending = None
            elif c == "}" and scopes:
                scopes.pop()
    return found


def main():
    directories = sys.argv[1:] or [str(ROOT / d) for d in DEFAULT_DIRECTORIES]
    paths = [path for directory in directories for path in sorted(pathlib.Path(directory).rglob("*.swift"))]
    requirements = {}
    for path in paths:  # the protocols' requirements first, wherever their witnesses are
        problems_in(path, requirements)
    failures = []
    for path in paths:
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        failures += [f"{shown}:{line}: {label}: {issue}" for line, label, issue in problems_in(path, requirements)]
    if failures:
        print("\n".join(failures))
        print(f"public_api_docs.py: {len(failures)} public declarations lack docs", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
