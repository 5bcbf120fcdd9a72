"""engine.core.memo.last_state: the last state's answer, kept for that very object."""

from __future__ import annotations

from typing import Any

from engine.core.memo import last_state


def counted() -> tuple[list[tuple[Any, ...]], Any]:
    calls: list[tuple[Any, ...]] = []

    @last_state
    def answer(state: dict[str, Any], extra: int = 0, *, word: str = "") -> int:
        calls.append((state["n"], extra, word))
        return int(state["n"]) + extra

    return calls, answer


def test_the_same_state_object_is_answered_from_memory() -> None:
    calls, answer = counted()
    state = {"n": 1}
    assert answer(state) == 1
    assert answer(state) == 1
    assert calls == [(1, 0, "")]


def test_an_equal_but_other_state_object_is_asked_again() -> None:
    """Identity, not equality: a state equal to the last one may be another game's."""
    calls, answer = counted()
    assert answer({"n": 1}) == 1
    assert answer({"n": 1}) == 1
    assert len(calls) == 2


def test_other_arguments_are_asked_again_and_replace_the_memory() -> None:
    calls, answer = counted()
    state = {"n": 1}
    assert answer(state, 2) == 3
    assert answer(state, 2, word="x") == 3
    assert answer(state, 5) == 6
    assert answer(state, 2) == 3  # one entry only: the (state, 5) answer replaced it
    assert [c[1:] for c in calls] == [(2, ""), (2, "x"), (5, ""), (2, "")]


def test_a_new_state_replaces_the_memory() -> None:
    calls, answer = counted()
    first, second = {"n": 1}, {"n": 2}
    assert [answer(first), answer(second), answer(first)] == [1, 2, 1]
    assert len(calls) == 3
