"""Validates fauth's --json documents against the JSON Schemas in schemas/, for the end-to-end tests.

One process serves a whole test run, so that no document pays a Python start-up: it reads one request per line on
stdin, {"schema": NAME, "document": TEXT}, and answers one line on stdout, {"errors": [...]} (empty when the document
is valid), or {"missing": NAME} when schemas/ has no NAME.json. It validates with the `jsonschema` library that
check-jsonschema is built on (Draft 2020-12, formats checked), every schema checked against the metaschema first and
every $ref resolved from schemas/ (never from the network). It exits at the end of its input.
"""

import json
import pathlib
import sys

import jsonschema
import referencing

folder = pathlib.Path(sys.argv[1])
schemas = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.json"))}
for schema in schemas.values():
    jsonschema.Draft202012Validator.check_schema(schema)
registry = referencing.Registry().with_resources(
    (schema["$id"], referencing.Resource.from_contents(schema)) for schema in schemas.values()
)
validators = {
    name: jsonschema.Draft202012Validator(
        schema, registry=registry, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )
    for name, schema in schemas.items()
}


def answer(request):
    """The reply to one request."""
    name = request["schema"]
    if name not in validators:
        return {"missing": name}
    try:
        document = json.loads(request["document"])
    except ValueError as error:
        return {"errors": [f"not one JSON document: {error}"]}
    return {
        "errors": [
            f"at {error.json_path}: {error.message}"
            for error in sorted(validators[name].iter_errors(document), key=lambda error: list(error.path))
        ]
    }


for line in sys.stdin:
    try:
        reply = answer(json.loads(line))
    except Exception as error:  # a malformed request is answered, never fatal to the rest of the run
        reply = {"errors": [f"validator failure: {error!r}"]}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
