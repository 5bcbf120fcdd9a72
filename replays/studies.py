"""The event-sourced ``Study``: one person's annotations of one game.

A study is an aggregate of its own, never part of the game's record: its events
(``Created``, ``AnnotationSaved``, ``AnnotationRemoved``, ``Retitled``,
``VisibilityChanged``) name the game and the step they annotate, and the game's
events stay exactly what the engine decided. An annotation is a comment on a
step and shapes drawn on the board (arrows and circles) in the SVG user units of
the board's viewBox, which a zoom of the board keeps valid.

Public methods check the author and every size, and raise :class:`StudyRefused`
(nothing changes); the private ``@event`` methods only apply, because their
bodies run again on every reconstruction (STYLE.md 3).
"""

from __future__ import annotations

import math
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate, event

# The longest texts a study holds (the title is also the read model's column).
TITLE_LIMIT = 120
COMMENT_LIMIT = 2_000
# The most shapes drawn on one step, and how far from the origin a point may be
# (a Kensei table is 12,000 tenths of a millimetre wide; a hex board is smaller).
SHAPES_LIMIT = 24
COORDINATE_LIMIT = 1_000_000
COLOURS = ("green", "red", "blue", "yellow")
SHAPE_KINDS = ("arrow", "circle")
VISIBILITIES = ("public", "unlisted")
OWNER_ONLY = "only the owner of this study may change it"


class StudyRefused(Exception):
    """A change the study refuses; nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotStudyOwner(StudyRefused):
    """Someone other than the study's owner tried to change it."""


# The most problems an import's refusal lists (a bad file may hold thousands).
IMPORT_ERRORS_LISTED = 50


class StudyImportRefused(StudyRefused):
    """An imported study with problems: each begins with its path in the file
    (``study.annotations[3].shapes[2].from.x must be a number ...``)."""

    def __init__(self, errors: list[str]) -> None:
        shown = errors[:IMPORT_ERRORS_LISTED]
        more = "" if len(errors) == 1 else f" (and {len(errors) - 1} more problems)"
        super().__init__(f"the study was not imported: {shown[0]}{more}")
        self.errors = [
            {"path": error.split(":", 1)[0].split(" ", 1)[0], "message": error} for error in shown
        ]


def checked_title(title: object) -> str:
    if not isinstance(title, str):
        raise StudyRefused("the title must be text")
    title = title.strip()
    if not title:
        raise StudyRefused("the title must not be empty")
    if len(title) > TITLE_LIMIT:
        raise StudyRefused(
            f"the title is {len(title)} characters long: at most {TITLE_LIMIT} are allowed"
        )
    if any(ord(c) < 32 for c in title):
        raise StudyRefused("the title must be one line, without control characters")
    return title


def checked_visibility(visibility: object) -> str:
    if visibility not in VISIBILITIES:
        raise StudyRefused(
            f"visibility must be one of {', '.join(VISIBILITIES)}, not {visibility!r}"
        )
    return str(visibility)


def checked_comment(comment: object) -> str:
    if not isinstance(comment, str):
        raise StudyRefused("the comment must be text")
    comment = comment.strip()
    if len(comment) > COMMENT_LIMIT:
        raise StudyRefused(
            f"the comment is {len(comment)} characters long: at most {COMMENT_LIMIT} are allowed"
        )
    if "\x00" in comment:
        raise StudyRefused("the comment must not contain a NUL character")
    return comment


def _number(value: object, what: str) -> int | float:
    """A coordinate or a radius, ``what`` naming it in the refusal."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise StudyRefused(f"{what} must be a number, not {value!r}")
    if not math.isfinite(value) or abs(value) > COORDINATE_LIMIT:
        raise StudyRefused(
            f"{what} must be a number from {-COORDINATE_LIMIT} to {COORDINATE_LIMIT}"
        )
    # Stored as given, to a tenth of a user unit at most (no float noise in the record).
    return value if isinstance(value, int) else round(value, 1)


def _point(value: object, what: str, join: str = " ") -> list[int | float]:
    if not isinstance(value, list) or len(value) != 2:
        raise StudyRefused(f"{what} must be a point [x, y]")
    return [_number(value[0], f"{what}{join}x"), _number(value[1], f"{what}{join}y")]


def checked_shape(shape: object, index: int, where: str | None = None) -> dict[str, Any]:
    """One shape as stored: an arrow ``{kind, from, to, colour}`` or a circle
    ``{kind, at, r, colour}``; anything else, or any other key, is refused.

    Refusals name the shape as the annotation API's caller sees it ("shape 3
    from x"), or, given ``where`` (an imported file's path to the shape, such as
    ``annotations[3].shapes[2]``), by that path ("annotations[3].shapes[2].from.x")."""
    what = where if where is not None else f"shape {index + 1}"
    join = " " if where is None else "."

    def field(name: str, label: str | None = None) -> str:
        # "shape 3: colour must be ..." / "annotations[3].shapes[2].colour: must be ..."
        return f"{what}: {label or name}" if where is None else f"{what}.{name}:"

    if not isinstance(shape, dict):
        raise StudyRefused(f"{what} must be an object")
    kind = shape.get("kind")
    colour = shape.get("colour", "green")
    if colour not in COLOURS:
        raise StudyRefused(f"{field('colour')} must be one of {', '.join(COLOURS)}, not {colour!r}")
    if kind == "arrow":
        expected = {"kind", "from", "to", "colour"}
        checked: dict[str, Any] = {
            "kind": "arrow",
            "from": _point(shape.get("from"), f"{what}{join}from", join),
            "to": _point(shape.get("to"), f"{what}{join}to", join),
            "colour": colour,
        }
    elif kind == "circle":
        expected = {"kind", "at", "r", "colour"}
        radius = _number(shape.get("r"), f"{what}.r" if where else f"{what} radius")
        if radius <= 0:
            raise StudyRefused(f"{field('r', 'the radius')} must be more than 0")
        checked = {
            "kind": "circle",
            "at": _point(shape.get("at"), f"{what}{join}at", join),
            "r": radius,
            "colour": colour,
        }
    else:
        raise StudyRefused(f"{field('kind')} must be one of {', '.join(SHAPE_KINDS)}, not {kind!r}")
    unknown = sorted(set(shape) - expected)
    if unknown:
        raise StudyRefused(
            f"{what}: unknown field {unknown[0]!r}"
            if where is None
            else f"{what}.{unknown[0]}: unknown field"
        )
    return checked


def checked_shapes(shapes: object) -> list[dict[str, Any]]:
    if not isinstance(shapes, list):
        raise StudyRefused("shapes must be a list")
    if len(shapes) > SHAPES_LIMIT:
        raise StudyRefused(f"{len(shapes)} shapes on one step: at most {SHAPES_LIMIT} are allowed")
    return [checked_shape(shape, index) for index, shape in enumerate(shapes)]


def checked_step(step: object, last_step: int) -> int:
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= last_step:
        raise StudyRefused(f"the step must be a whole number from 0 to {last_step}, not {step!r}")
    return step


def checked_import(
    title: object, annotations: object, last_step: int
) -> tuple[str, list[tuple[int, str, list[dict[str, Any]]]]]:
    """An exported study's title and annotations, checked with the limits of the
    annotation API, for a game of ``last_step`` steps: ``(title, [(step, comment,
    shapes)])``, or :class:`StudyImportRefused` listing every problem by its path
    in the ``shiai-study/1`` file. Annotations with no comment and no shape are
    dropped (saving one removes it)."""
    errors: list[str] = []

    def check(where: str, checker: Any, *args: Any) -> Any:
        try:
            return checker(*args)
        except StudyRefused as refused:
            errors.append(f"{where}: {refused.message}" if where else refused.message)
            return None

    checked_title_ = check("study.title", checked_title, title)
    notes: list[tuple[int, str, list[dict[str, Any]]]] = []
    if not isinstance(annotations, list):
        raise StudyImportRefused(["study.annotations must be a list"])
    if len(annotations) > last_step + 1:
        raise StudyImportRefused(
            [
                f"study.annotations: {len(annotations)} annotations, for a game of only "
                f"{last_step + 1} steps"
            ]
        )
    seen: set[int] = set()
    for index, note in enumerate(annotations):
        where = f"study.annotations[{index}]"
        if not isinstance(note, dict):
            errors.append(f"{where} must be an object")
            continue
        errors.extend(
            f"{where}.{key}: unknown field"
            for key in sorted(set(note) - {"step", "comment", "shapes"})
        )
        step = check(f"{where}.step", checked_step, note.get("step"), last_step)
        if step is not None and step in seen:
            errors.append(f"{where}.step: step {step} is annotated twice")
        if step is not None:
            seen.add(step)
        comment = check(f"{where}.comment", checked_comment, note.get("comment", ""))
        shapes = note.get("shapes", [])
        drawn: list[dict[str, Any]] = []
        if not isinstance(shapes, list):
            errors.append(f"{where}.shapes must be a list")
        elif len(shapes) > SHAPES_LIMIT:
            errors.append(
                f"{where}.shapes: {len(shapes)} shapes on one step: "
                f"at most {SHAPES_LIMIT} are allowed"
            )
        else:
            for at, shape in enumerate(shapes):
                drawn.append(check("", checked_shape, shape, at, f"{where}.shapes[{at}]") or {})
        if step is not None and comment is not None and (comment or drawn):
            notes.append((step, comment, drawn))
        if len(errors) >= IMPORT_ERRORS_LISTED:
            break
    if errors:
        raise StudyImportRefused(errors)
    assert checked_title_ is not None
    return checked_title_, sorted(notes, key=lambda note: note[0])


class Study(Aggregate):
    """A game with one person's annotations, keyed by step."""

    @event("Created")
    def __init__(self, *, game_id: UUID, owner_id: str, title: str, visibility: str) -> None:
        self.game_id = game_id
        self.owner_id = owner_id
        self.title = title
        self.visibility = visibility
        # str(step) -> {"comment": str, "shapes": [shape, ...]}: text keys, as a
        # snapshot's JSON gives them back.
        self.annotations: dict[str, dict[str, Any]] = {}

    @classmethod
    def start(cls, game_id: UUID, owner_id: str, title: object, visibility: object) -> Study:
        return cls(
            game_id=game_id,
            owner_id=owner_id,
            title=checked_title(title),
            visibility=checked_visibility(visibility),
        )

    @classmethod
    def imported(
        cls, game_id: UUID, owner_id: str, title: object, annotations: object, last_step: int
    ) -> Study:
        """A new (unlisted) study of ``owner_id`` holding an exported study's
        annotations, every one checked first (:func:`checked_import`): the study
        and all its annotations are one save, or nothing."""
        checked, notes = checked_import(title, annotations, last_step)
        study = cls.start(game_id, owner_id, checked, "unlisted")
        for step, comment, shapes in notes:
            study._save_annotation(step=step, comment=comment, shapes=shapes)
        return study

    def _owner(self, author: str) -> None:
        if author != self.owner_id:
            raise NotStudyOwner(OWNER_ONLY)

    # -- commands: check, then record ------------------------------------------------

    def annotate(
        self, author: str, step: object, comment: object, shapes: object, last_step: int
    ) -> None:
        """Add or replace the annotation of ``step`` (of a game of ``last_step`` steps);
        an empty comment with no shapes removes it."""
        self._owner(author)
        at = checked_step(step, last_step)
        text = checked_comment(comment)
        drawn = checked_shapes(shapes)
        if not text and not drawn:
            if str(at) in self.annotations:
                self._remove_annotation(step=at)
            return
        if self.annotations.get(str(at)) == {"comment": text, "shapes": drawn}:
            return  # nothing changed: no event
        self._save_annotation(step=at, comment=text, shapes=drawn)

    def remove(self, author: str, step: object) -> None:
        self._owner(author)
        if isinstance(step, bool) or not isinstance(step, int) or str(step) not in self.annotations:
            raise StudyRefused(f"step {step!r} has no annotation in this study")
        self._remove_annotation(step=step)

    def retitle(self, author: str, title: object) -> None:
        self._owner(author)
        checked = checked_title(title)
        if checked != self.title:
            self._retitle(title=checked)

    def change_visibility(self, author: str, visibility: object) -> None:
        self._owner(author)
        checked = checked_visibility(visibility)
        if checked != self.visibility:
            self._change_visibility(visibility=checked)

    # -- events: apply only ------------------------------------------------------------

    @event("AnnotationSaved")
    def _save_annotation(self, *, step: int, comment: str, shapes: list[dict[str, Any]]) -> None:
        self.annotations = {**self.annotations, str(step): {"comment": comment, "shapes": shapes}}

    @event("AnnotationRemoved")
    def _remove_annotation(self, *, step: int) -> None:
        self.annotations = {at: note for at, note in self.annotations.items() if at != str(step)}

    @event("Retitled")
    def _retitle(self, *, title: str) -> None:
        self.title = title

    @event("VisibilityChanged")
    def _change_visibility(self, *, visibility: str) -> None:
        self.visibility = visibility

    # -- reading -------------------------------------------------------------------------

    def as_dict(self) -> dict[str, Any]:
        """The study as plain JSON: what the page, the API and the export give."""
        return {
            "id": str(self.id),
            "game_id": str(self.game_id),
            "title": self.title,
            "visibility": self.visibility,
            "version": self.version,
            "annotations": [
                {"step": int(at), **self.annotations[at]}
                for at in sorted(self.annotations, key=int)
            ],
        }
