"""A server decides many games in one process: nothing the engine remembers of one
game may reach another. Several Kensei bot games of different armies and battle sizes
(one a twin of another: the same game in other objects) are played in this process one
command of each in turn, and every step (the prompt, the legal commands offered, the
bot's command, the events decided and the state hash after each event) must equal the
same game played alone in a fresh interpreter.

The first two armies are chosen so that every miniature of the smaller battle is also
one of the larger's (the same ids): the board cache once followed the larger game's
board and kept its extra miniatures, which blocked moves and sight in the smaller game
or raised ``KeyError`` on them.
"""

from __future__ import annotations

from tests.support.engine_isolation import GameSpec, trace_alone, trace_games

GAMES = [
    GameSpec("isolation-1", ("buke-600", "buke-600")),
    GameSpec("isolation-2", ("buke-400", "buke-400")),
    GameSpec("isolation-3", ("sohei-250", "kuge-250"), "hold-the-shrine", ("random", "greedy")),
    GameSpec("isolation-4", ("otokodate-400", "sohei-400"), "breakthrough"),
]
TWIN = GAMES[1]


def first_difference(played: list[str], alone: list[str]) -> str | None:
    for step, (mine, theirs) in enumerate(zip(played, alone, strict=False)):
        if mine != theirs:
            return f"step {step}:\n  interleaved {mine[:400]}\n  alone       {theirs[:400]}"
    if len(played) != len(alone):
        return f"{len(played)} steps interleaved, {len(alone)} alone"
    return None


def test_games_decided_in_turn_in_one_process_decide_as_each_game_alone_in_a_fresh_one() -> None:
    interleaved = trace_games([*GAMES, TWIN])
    alone = trace_alone(GAMES)
    assert all(len(trace) > 100 for trace in alone)
    assert len({trace[0] for trace in alone}) == len(GAMES)  # four different starts
    for spec, played, expected in zip([*GAMES, TWIN], interleaved, [*alone, alone[1]], strict=True):
        difference = first_difference(played, expected)
        assert difference is None, (spec, difference)
