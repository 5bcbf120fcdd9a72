"""The Senjutsu turn machine, by rule area: :mod:`.setup` (Battlefield and Player
Setup), :mod:`.placement` (steps 11-12), :mod:`.draw`, :mod:`.choose`, :mod:`.reveal`
(focus costs, alternative initiative, instant replacement, variable initiative),
:mod:`.order` (the resolution order and its ties), :mod:`.discard` (discard step, end of
turn, hand limits), :mod:`.defeat` (Winning The Game), :mod:`.prompts` (who decides now)
and :mod:`.settle` (the loop that runs every step without a decision, handing card parts
to the effects)."""
