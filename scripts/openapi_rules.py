#!/usr/bin/env python3
"""Checks that openapi.yaml states every default and limit exactly as the code's one table has it.

Usage: openapi_rules.py FLIGHTPLAN_BINARY
`flightplan rules` prints [{"pointer", "keyword", "value"}]; each pointer must resolve in openapi.yaml and its
keyword must hold that value (for `properties`, the value lists the member names, in any order). FilmstripRequest's
members must be PlanRequest's (YAML aliases of them, so each the same schema) plus `frames`. A key twice in one mapping
is refused first: PyYAML (and so openapi-spec-validator) keeps the last, where a stricter reader (ruamel, which
openapi-python-client uses) refuses the whole document."""
import json
import pathlib
import subprocess
import sys

import yaml



class UniqueKeys(yaml.SafeLoader):
    """A loader that refuses a mapping with a key twice."""


def unique_mapping(loader, node, deep=False):
    keys = [loader.construct_object(key, deep=deep) for key, _ in node.value]
    repeated = sorted({key for key in keys if keys.count(key) > 1}, key=str)
    if repeated:
        sys.exit(f"openapi.yaml line {node.start_mark.line + 1}: {repeated} given twice in one mapping")
    return yaml.SafeLoader.construct_mapping(loader, node, deep)


UniqueKeys.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, unique_mapping)
binary = sys.argv[1]
document = yaml.load((pathlib.Path(__file__).parent.parent / "openapi.yaml").read_text(), Loader=UniqueKeys)
rules = json.loads(subprocess.run([binary, "rules"], check=True, capture_output=True, text=True).stdout)


def resolve(pointer):
    node = document
    for token in pointer.lstrip("/").split("/"):
        token = token.replace("~1", "/").replace("~0", "~")
        node = node[int(token)] if isinstance(node, list) else node[token]
    return node


failures = []
for rule in rules:
    try:
        stated = resolve(rule["pointer"]).get(rule["keyword"], "(absent)")
    except (KeyError, IndexError, TypeError) as error:
        failures.append(f"{rule['pointer']}: not in openapi.yaml ({error!r})")
        continue
    if rule["keyword"] == "properties" and isinstance(stated, dict):
        # The wire schema lists a component's members in the order it writes them; openapi.yaml in its own order.
        stated, rule["value"] = sorted(stated), sorted(rule["value"])
    if stated != rule["value"]:
        failures.append(f"{rule['pointer']} {rule['keyword']}: openapi.yaml says {stated!r}, the code {rule['value']!r}")
schemas = document["components"]["schemas"]
filmstrip = {name: schema for name, schema in schemas["FilmstripRequest"]["properties"].items() if name != "frames"}
if filmstrip != schemas["PlanRequest"]["properties"]:
    failures.append("FilmstripRequest's members other than `frames` are not PlanRequest's: "
                    f"{sorted(set(filmstrip) ^ set(schemas['PlanRequest']['properties']))} differ in name, or a schema differs")
if failures:
    print("\n".join(failures), file=sys.stderr)
    sys.exit(1)
print(f"openapi.yaml states all {len(rules)} defaults, limits and described members as the code does")
