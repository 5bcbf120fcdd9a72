"""Tests of the Senjutsu 1.5 engine, named after the rulebook paragraphs they check."""
