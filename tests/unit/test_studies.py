"""The Study aggregate: annotations are checked, owned and recorded as their own events."""

from __future__ import annotations

import uuid

import pytest

from replays.store import MEMORY, event_store_env
from replays.studies import (
    COMMENT_LIMIT,
    COORDINATE_LIMIT,
    SHAPES_LIMIT,
    TITLE_LIMIT,
    NotStudyOwner,
    Study,
    StudyImportRefused,
    StudyRefused,
)
from shiai.studies import SNAPSHOT_INTERVAL, Studies, StudyNotFound

OWNER = "owner-1"
ARROW = {"kind": "arrow", "from": [10, 20.25], "to": [300, 400], "colour": "red"}
CIRCLE = {"kind": "circle", "at": [50, 60], "r": 12.5}


def _study() -> Study:
    return Study.start(uuid.uuid4(), OWNER, "Charge on the left", "unlisted")


def test_an_annotation_keeps_its_comment_and_its_shapes_checked_and_rounded() -> None:
    study = _study()
    study.annotate(
        OWNER, 3, "  The archers should have shot first.  ", [ARROW, CIRCLE], last_step=10
    )
    assert study.annotations == {
        "3": {
            "comment": "The archers should have shot first.",
            "shapes": [
                {"kind": "arrow", "from": [10, 20.2], "to": [300, 400], "colour": "red"},
                {"kind": "circle", "at": [50, 60], "r": 12.5, "colour": "green"},
            ],
        }
    }
    assert [type(e).__name__ for e in study.collect_events()] == ["Created", "AnnotationSaved"]


def test_saving_the_same_annotation_again_records_nothing_and_an_empty_one_removes_it() -> None:
    study = _study()
    study.annotate(OWNER, 2, "look", [], last_step=5)
    study.collect_events()
    study.annotate(OWNER, 2, "look", [], last_step=5)
    assert study.collect_events() == []
    study.annotate(OWNER, 2, "", [], last_step=5)
    assert study.annotations == {}
    assert [type(e).__name__ for e in study.collect_events()] == ["AnnotationRemoved"]


def test_only_the_owner_changes_a_study() -> None:
    study = _study()
    with pytest.raises(NotStudyOwner):
        study.annotate("someone-else", 1, "mine now", [], last_step=5)
    with pytest.raises(NotStudyOwner):
        study.change_visibility("someone-else", "public")
    with pytest.raises(NotStudyOwner):
        study.retitle("someone-else", "Taken")
    assert study.annotations == {}
    assert study.visibility == "unlisted"


@pytest.mark.parametrize(
    ("step", "comment", "shapes", "message"),
    [
        (6, "past the end", [], "from 0 to 5"),
        (-1, "before the start", [], "from 0 to 5"),
        (True, "a boolean step", [], "whole number"),
        (1, "x" * (COMMENT_LIMIT + 1), [], f"at most {COMMENT_LIMIT}"),
        (1, 42, [], "must be text"),
        (1, "", [ARROW] * (SHAPES_LIMIT + 1), f"at most {SHAPES_LIMIT} are allowed"),
        (1, "", [{"kind": "square", "at": [0, 0]}], "kind must be one of"),
        (1, "", [{**ARROW, "to": [COORDINATE_LIMIT + 1, 0]}], "must be a number from"),
        (1, "", [{**ARROW, "to": [float("nan"), 0]}], "must be a number from"),
        (1, "", [{**ARROW, "to": ["1", 0]}], "must be a number"),
        (1, "", [{**ARROW, "to": [1]}], "must be a point"),
        (1, "", [{**ARROW, "colour": "mauve"}], "colour must be one of"),
        (1, "", [{**CIRCLE, "r": 0}], "more than 0"),
        (1, "", [{**CIRCLE, "script": "alert(1)"}], "unknown field 'script'"),
        (1, "", "not a list", "shapes must be a list"),
    ],
)
def test_bad_annotations_are_refused_and_change_nothing(
    step: object, comment: object, shapes: object, message: str
) -> None:
    study = _study()
    with pytest.raises(StudyRefused, match=message):
        study.annotate(OWNER, step, comment, shapes, last_step=5)
    assert study.annotations == {}
    assert [type(e).__name__ for e in study.collect_events()] == ["Created"]


@pytest.mark.parametrize(
    ("title", "visibility"),
    [
        ("", "public"),
        ("x" * (TITLE_LIMIT + 1), "public"),
        ("two\nlines", "public"),
        ("ok", "private"),
    ],
)
def test_a_study_needs_a_short_title_and_public_or_unlisted(title: str, visibility: str) -> None:
    with pytest.raises(StudyRefused):
        Study.start(uuid.uuid4(), OWNER, title, visibility)


def test_the_application_rebuilds_a_study_from_its_events() -> None:
    studies = Studies(event_store_env(MEMORY))
    game_id = uuid.uuid4()
    study_id = studies.start(game_id, OWNER, "Opening", "unlisted")
    studies.annotate(study_id, OWNER, step=4, comment="flank", shapes=[ARROW], last_step=9)
    studies.annotate(study_id, OWNER, step=7, comment="", shapes=[CIRCLE], last_step=9)
    studies.remove_annotation(study_id, OWNER, 4)
    studies.update(study_id, OWNER, title="Opening, revised", visibility="public")
    again = studies.get(study_id)
    assert again.as_dict() == {
        "id": str(study_id),
        "game_id": str(game_id),
        "title": "Opening, revised",
        "visibility": "public",
        "version": 6,
        "annotations": [{"step": 7, "comment": "", "shapes": [{**CIRCLE, "colour": "green"}]}],
    }
    with pytest.raises(StudyNotFound):
        studies.get(uuid.uuid4())


def test_a_much_edited_study_loads_from_its_snapshot_as_it_was() -> None:
    studies = Studies(event_store_env(MEMORY))
    study_id = studies.start(uuid.uuid4(), OWNER, "Edited", "public")
    for k in range(SNAPSHOT_INTERVAL + 3):
        studies.annotate(
            study_id, OWNER, step=k % 7, comment=f"take {k}", shapes=[CIRCLE], last_step=9
        )
    assert studies.snapshots is not None
    assert list(studies.snapshots.get(study_id))
    loaded = studies.get(study_id).as_dict()
    assert loaded["version"] == SNAPSHOT_INTERVAL + 4
    assert [note["step"] for note in loaded["annotations"]] == list(range(7))
    assert loaded["annotations"][0]["comment"] == f"take {SNAPSHOT_INTERVAL + 3 - 4}"
    # After the snapshot a step is still found, changed and removed by its number.
    studies.remove_annotation(study_id, OWNER, 3)
    assert [note["step"] for note in studies.get(study_id).as_dict()["annotations"]] == [
        0,
        1,
        2,
        4,
        5,
        6,
    ]


def test_an_imported_study_is_created_with_its_annotations_checked_as_the_api_checks_them() -> None:
    game_id = uuid.uuid4()
    notes = [
        {"step": 7, "comment": "  Late charge. ", "shapes": [CIRCLE]},
        {"step": 2, "shapes": [ARROW]},
        {"step": 4, "comment": "", "shapes": []},  # empty: dropped, as saving it removes it
    ]
    study = Study.imported(game_id, "importer", " Kenji's bids ", notes, last_step=10)
    assert (study.owner_id, study.title, study.visibility) == (
        "importer",
        "Kenji's bids",
        "unlisted",
    )
    assert [note["step"] for note in study.as_dict()["annotations"]] == [2, 7]
    assert study.annotations["7"] == {
        "comment": "Late charge.",
        "shapes": [{**CIRCLE, "colour": "green"}],
    }
    # One Created and one AnnotationSaved per kept step, saved together.
    events = study.collect_events()
    assert [type(event).__name__ for event in events] == [
        "Created",
        "AnnotationSaved",
        "AnnotationSaved",
    ]


def test_an_import_names_every_problem_by_its_path_and_makes_no_study() -> None:
    notes = [
        {"step": 11, "comment": 5},
        "a note",
        {
            "step": 1,
            "shapes": [{**ARROW, "to": [1]}, {**CIRCLE, "r": -1}, {**CIRCLE, "at": [0, 1e9]}],
        },
        {"step": 1, "note": "x", "shapes": {}},
    ]
    with pytest.raises(StudyImportRefused) as refused:
        Study.imported(uuid.uuid4(), "importer", "", notes, last_step=10)
    assert refused.value.errors == [
        {"path": "study.title", "message": "study.title: the title must not be empty"},
        {
            "path": "study.annotations[0].step",
            "message": "study.annotations[0].step: "
            "the step must be a whole number from 0 to 10, not 11",
        },
        {
            "path": "study.annotations[0].comment",
            "message": "study.annotations[0].comment: the comment must be text",
        },
        {"path": "study.annotations[1]", "message": "study.annotations[1] must be an object"},
        {
            "path": "study.annotations[2].shapes[0].to",
            "message": "study.annotations[2].shapes[0].to must be a point [x, y]",
        },
        {
            "path": "study.annotations[2].shapes[1].r",
            "message": "study.annotations[2].shapes[1].r: must be more than 0",
        },
        {
            "path": "study.annotations[2].shapes[2].at.y",
            "message": "study.annotations[2].shapes[2].at.y "
            f"must be a number from {-COORDINATE_LIMIT} to {COORDINATE_LIMIT}",
        },
        {
            "path": "study.annotations[3].note",
            "message": "study.annotations[3].note: unknown field",
        },
        {
            "path": "study.annotations[3].step",
            "message": "study.annotations[3].step: step 1 is annotated twice",
        },
        {
            "path": "study.annotations[3].shapes",
            "message": "study.annotations[3].shapes must be a list",
        },
    ]
    assert refused.value.message.startswith("the study was not imported: study.title: ")
    assert refused.value.message.endswith("(and 9 more problems)")


def test_an_import_lists_at_most_fifty_problems_and_refuses_more_notes_than_steps() -> None:
    many = [{"step": step, "comment": "x" * (COMMENT_LIMIT + 1)} for step in range(80)]
    with pytest.raises(StudyImportRefused) as refused:
        Study.imported(uuid.uuid4(), "importer", "Long", many, last_step=100)
    assert len(refused.value.errors) == 50
    with pytest.raises(StudyImportRefused, match=r"81 annotations, for a game of only 80 steps"):
        Study.imported(uuid.uuid4(), "importer", "Long", [*many, {}], last_step=79)
    with pytest.raises(StudyImportRefused, match=r"study\.annotations must be a list"):
        Study.imported(uuid.uuid4(), "importer", "Long", {"3": "x"}, last_step=79)
