#!/usr/bin/env python3
"""The library's public surface, one line per item, from rustdoc's JSON.

Usage: public_api.py target/doc/puzzles.json > tests/public_api.txt

Lists every item reachable from the crate root through public modules and
re-exports (hidden ones, `#[doc(hidden)]`, left out), each once under the
path it is first reached by, then the public inherent methods of its types.
`.ci/run` compares the list with `tests/public_api.txt`, so that a change to
the surface shows in review.
"""
import json
import sys


def kind(item):
    return next(iter(item["inner"]))


def hidden(item):
    return any("doc(hidden)" in str(a) for a in item.get("attrs", []))


def surface(doc):
    index = doc["index"]
    seen, items = set(), []

    def add(id_, item, path):
        if str(id_) in seen or hidden(item):
            return
        seen.add(str(id_))
        items.append((kind(item), path, item))
        if kind(item) == "module":
            walk(item, path)

    def walk(module, path):
        for child in module["inner"]["module"]["items"]:
            item = index.get(str(child))
            if item is None or item["visibility"] != "public":
                continue
            if kind(item) != "use":
                add(child, item, path + [item["name"]])
                continue
            use = item["inner"]["use"]
            target = index.get(str(use.get("id")))
            if target is None:
                continue
            if use.get("is_glob"):
                if kind(target) == "module":
                    walk(target, path)
            else:
                add(use["id"], target, path + [use["name"]])

    walk(index[str(doc["root"])], ["puzzles"])
    lines = []
    for k, path, item in items:
        name = "::".join(path)
        lines.append(f"{k} {name}")
        if k not in ("struct", "enum", "union"):
            continue
        for impl_id in item["inner"][k].get("impls", []):
            impl = index.get(str(impl_id), {}).get("inner", {}).get("impl")
            if not impl or impl.get("trait") or impl.get("is_synthetic") or impl.get("blanket_impl"):
                continue
            for m in impl["items"]:
                method = index.get(str(m))
                if method and method["visibility"] == "public" and not hidden(method):
                    lines.append(f"{kind(method)} {name}::{method['name']}")
    return sorted(set(lines))


if __name__ == "__main__":
    with open(sys.argv[1]) as f:
        print("\n".join(surface(json.load(f))))
