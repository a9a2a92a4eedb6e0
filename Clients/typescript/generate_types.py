#!/usr/bin/env python3
"""Writes src/openapi.ts, the TypeScript types of openapi.yaml: one type per component schema and parameter, and per
operation its path, method, query, request body and 200 answer, so that the client and the player are typed by the
contract itself. CI runs it with --check, which fails when the committed file differs from what openapi.yaml gives.

JSON Schema to TypeScript: `$ref` is the named type; `type` lists, `oneOf` and `anyOf` are unions; `allOf` an
intersection; `enum` and `const` literal types; an object its members (optional unless `required`), with an index
signature for `additionalProperties`; `integer` is `number`; a schema with no type is `unknown`.

Usage: generate_types.py [--check]
"""
import json
import pathlib
import re
import sys

import yaml

HERE = pathlib.Path(__file__).resolve().parent
SPEC = HERE.parent.parent / "openapi.yaml"
OUTPUT = HERE / "src" / "openapi.ts"
IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def comment(text, indent):
    """A JSDoc comment of `text` (nothing when there is none), `*/` escaped."""
    if not text:
        return ""
    lines = " ".join(str(text).split()).replace("*/", "*\\/")
    return f"{indent}/** {lines} */\n"


def literal(value):
    return json.dumps(value)


def key(name):
    return name if IDENTIFIER.match(name) else json.dumps(name)


def union(parts):
    unique = list(dict.fromkeys(parts))
    return unique[0] if len(unique) == 1 else " | ".join(f"({part})" if " & " in part else part for part in unique)


def element(schema, indent):
    """The type of an array's items, parenthesised when it is a union or an intersection."""
    text = typed(schema, indent)
    return f"({text})[]" if (" | " in text or " & " in text) else f"{text}[]"


def object_type(schema, indent):
    inner = indent + "  "
    required = set(schema.get("required", []))
    members = []
    for name, member in (schema.get("properties") or {}).items():
        optional = "" if name in required else "?"
        members.append(comment(member.get("description") if isinstance(member, dict) else None, inner)
                       + f"{inner}{key(name)}{optional}: {typed(member, inner)};\n")
    extra = schema.get("additionalProperties", True if not schema.get("properties") else False)
    if extra is not False:
        value = "unknown" if extra is True or members else typed(extra, inner)
        members.append(f"{inner}[key: string]: {value};\n")
    for name in sorted(required - set(schema.get("properties") or {})):
        members.append(f"{inner}{key(name)}: unknown;\n")
    return "{\n" + "".join(members) + indent + "}" if members else "Record<string, never>"


def typed(schema, indent=""):
    """The TypeScript type of `schema`."""
    if schema is True or schema == {}:
        return "unknown"
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    if "const" in schema:
        return literal(schema["const"])
    if "enum" in schema:
        return union([literal(value) for value in schema["enum"]])
    for composite in ("oneOf", "anyOf"):
        if composite in schema:
            rest = {name: value for name, value in schema.items() if name not in (composite, "description", "default")}
            alternatives = union([typed(part, indent) for part in schema[composite]])
            return alternatives if not rest else f"({alternatives}) & {typed(rest, indent)}"
    if "allOf" in schema:
        return " & ".join(typed(part, indent) for part in schema["allOf"])
    kinds = schema.get("type")
    if isinstance(kinds, list):
        return union([typed({**schema, "type": kind}, indent) for kind in kinds])
    if kinds in ("number", "integer"):
        return "number"
    if kinds in ("string", "boolean", "null"):
        return kinds
    if kinds == "array":
        return element(schema.get("items", True), indent)
    if kinds == "object" or "properties" in schema:
        return object_type(schema, indent)
    return "unknown"


def pascal(name):
    return name[0].upper() + name[1:]


def operations(document):
    """Per operation: its path, method, query, request body and 200 answer, as types and one table."""
    lines, table = [], []
    parameters = document["components"]["parameters"]
    for path, methods in document["paths"].items():
        for method, operation in methods.items():
            name = pascal(operation["operationId"])
            query = [parameters[p["$ref"].rsplit("/", 1)[-1]] if "$ref" in p else p for p in operation.get("parameters", [])]
            query = [p for p in query if p["in"] == "query"]
            lines.append(comment(f"The query of {method.upper()} {path}.", ""))
            lines.append(f"export type {name}Query = {object_type({'type': 'object', 'additionalProperties': False, 'properties': {p['name']: {**p['schema'], 'description': p.get('description')} for p in query}}, '')};\n\n")
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body:
                lines.append(comment(f"The body of {method.upper()} {path}.", ""))
                lines.append(f"export type {name}Request = {typed(body['schema'])};\n\n")
            answer = operation["responses"]["200"].get("content", {})
            media = list(answer)
            lines.append(comment(f"The 200 answer of {method.upper()} {path} ({', '.join(media)}).", ""))
            lines.append(f"export type {name}Answer = {union([typed(answer[m]['schema']) for m in media])};\n\n")
            table.append(f"  {operation['operationId']}: {{ method: {literal(method.upper())}, path: {literal(path)}, "
                         f"mediaType: {literal(media[0] if len(media) == 1 else media)} }},\n")
    return "".join(lines) + comment("Every operation: its method, path and the media type of its 200 answer.", "") \
        + "export const operations = {\n" + "".join(table) + "} as const;\n"


def generate():
    document = yaml.safe_load(SPEC.read_text())
    parts = ["// Generated from openapi.yaml by generate_types.py; do not edit (CI fails when it differs).\n",
             f"/** The contract's version (`info.version`). */\nexport const contractVersion = {literal(document['info']['version'])};\n\n"]
    for name, schema in document["components"]["schemas"].items():
        parts.append(comment(schema.get("description"), ""))
        parts.append(f"export type {name} = {typed(schema)};\n\n")
    for name, parameter in document["components"]["parameters"].items():
        parts.append(comment(parameter.get("description"), ""))
        parts.append(f"export type {name}Parameter = {typed(parameter['schema'])};\n\n")
    parts.append(operations(document))
    return "".join(parts)


def main():
    text = generate()
    if sys.argv[1:] == ["--check"]:
        if OUTPUT.read_text() != text:
            sys.exit(f"{OUTPUT.relative_to(HERE)} is not what openapi.yaml gives: run {pathlib.Path(__file__).name} and commit it")
        print(f"{OUTPUT.relative_to(HERE)} is what openapi.yaml gives")
    elif sys.argv[1:]:
        sys.exit(__doc__)
    else:
        OUTPUT.write_text(text)


if __name__ == "__main__":
    main()
