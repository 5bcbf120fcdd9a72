"""The skirmish data: weapons, armour, strategies, masteries, stats lines, warbands and
scenarios (:mod:`.catalogue`), and the checks of a warband (:mod:`.validate`)."""
