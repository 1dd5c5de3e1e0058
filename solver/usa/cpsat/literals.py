"""Exact boolean helpers: a new literal equal to an OR or an AND of literals."""

from __future__ import annotations

from collections.abc import Sequence

from ortools.sat.python import cp_model

Lit = cp_model.IntVar


def any_of(m: cp_model.CpModel, lits: Sequence[Lit], name: str) -> Lit:
    """A literal true exactly when one of ``lits`` is."""
    b = m.NewBoolVar(name)
    if not lits:
        m.Add(b == 0)
        return b
    m.AddBoolOr(list(lits)).OnlyEnforceIf(b)
    for lit in lits:
        m.AddImplication(lit, b)
    return b


def all_of(m: cp_model.CpModel, lits: Sequence[Lit], name: str) -> Lit:
    """A literal true exactly when every one of ``lits`` is."""
    b = m.NewBoolVar(name)
    m.AddBoolOr([lit.Not() for lit in lits] + [b])
    for lit in lits:
        m.AddImplication(b, lit)
    return b


def equal_to(m: cp_model.CpModel, expr: cp_model.LinearExprT, name: str) -> Lit:
    """A literal equal to a 0/1 linear expression (a sum of exclusive literals)."""
    b = m.NewBoolVar(name)
    m.Add(b == expr)
    return b


def at_least_if(m: cp_model.CpModel, expr: cp_model.LinearExprT, n: int, lit: Lit) -> None:
    """``expr >= n`` when ``lit`` holds (``expr`` never negative). Also written as the linear
    ``expr >= n * lit``, which every LP relaxation keeps (an enforced constraint enters only
    the strongest one)."""
    m.Add(expr >= n).OnlyEnforceIf(lit)
    m.Add(expr >= n * lit)


def at_most_if(m: cp_model.CpModel, expr: cp_model.LinearExprT, n: int, most: int,
               lit: Lit) -> None:
    """``expr <= n`` when ``lit`` holds, ``expr`` never above ``most``; linear as above."""
    m.Add(expr <= n).OnlyEnforceIf(lit)
    m.Add(expr <= n + (most - n) * (1 - lit))
