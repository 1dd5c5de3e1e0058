"""Hostile JSON for the fuzz tests: a good file or body with one place changed."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st


def json_values(tokens: list[Any], keys: st.SearchStrategy[str] | None = None
                ) -> st.SearchStrategy[Any]:
    """Any JSON value: scalars (huge integers, floats, text, ``tokens`` of the game's own
    words), lists and objects of them (their keys from ``keys``, any short text by default)."""
    scalars = (st.none() | st.booleans() | st.integers(-(10 ** 40), 10 ** 40)
               | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)
               | st.sampled_from(tokens))
    names = keys if keys is not None else st.text(max_size=8)
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                        | st.dictionaries(names, inner, max_size=4), max_leaves=8)


def json_paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (the first 6 items of a list), as key / index paths."""
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += json_paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data[:6]):
            out += json_paths(v, (*prefix, i))
    return out


@st.composite
def changed(draw: st.DrawFn, base: Any, values: st.SearchStrategy[Any],
            add: bool = False) -> Any:
    """``base`` with one place replaced by one of ``values`` or removed (``add``: or an
    object given a key more)."""
    data = copy.deepcopy(base)
    path = draw(st.sampled_from(json_paths(data)))
    if not path:
        return draw(values)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    how = draw(st.sampled_from(["replace", "remove", "add"] if add else ["replace", "remove"]))
    if how == "remove" and isinstance(parent, dict):
        del parent[path[-1]]
    elif how == "add" and isinstance(parent, dict):
        parent[draw(st.text(max_size=8))] = draw(values)
    else:
        parent[path[-1]] = draw(values)
    return data
