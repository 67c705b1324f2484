"""The one parser every file and stored text goes through (core/jsonfile.py)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skipbo_widgets.core.errors import SaveError, SaveReason
from skipbo_widgets.core.jsonfile import check_header, parse_json
from skipbo_widgets.skipbo.engine.save import loads_game, loads_match
from skipbo_widgets.tutorials.progress import loads_progress
from skipbo_widgets.widgets.shell.settings import loads_session, open_any


@pytest.mark.parametrize(("data", "reason", "problem"), [
    ("\u00e9" * 21, SaveReason.TOO_LARGE, None),         # 21 characters, 42 bytes
    (b'"' + b"a" * 39 + b'"', SaveReason.TOO_LARGE, None),
    ('"\ud83d"', SaveReason.BAD_TEXT, "surrogate"),       # raw, half of a pair
    ('"\\ude00"', SaveReason.BAD_TEXT, "surrogate"),      # escaped, the other half
    ('{"\\ud800": 1}', SaveReason.BAD_TEXT, "surrogate"),  # in a key
    ('[["\\udbff"]]', SaveReason.BAD_TEXT, "surrogate"),
    (b'"\xed\xa0\x80"', SaveReason.BAD_TEXT, "encoding"),  # a surrogate in UTF-8 bytes
    ("\ufeff\ufeff1", SaveReason.NOT_JSON, "syntax"),     # one BOM only
    ('{"a": 1, "a": 1}', SaveReason.BAD_FIELD, "duplicate"),
    ('[[["x"]]]', SaveReason.NOT_JSON, "depth"),
    ('{"a": {"b": {"c": 1}}}', SaveReason.NOT_JSON, "depth"),
])
def test_refused(data: str | bytes, reason: SaveReason, problem: str | None) -> None:
    with pytest.raises(SaveError) as caught:
        parse_json(data, max_bytes=40, max_depth=2)
    assert caught.value.reason is reason
    assert caught.value.params.get("problem") == problem


@pytest.mark.parametrize(("data", "value"), [
    ("\u00e9" * 20, None),  # not JSON, but within 40 bytes: the size check passes it on
    ('"' + "\u00e9" * 19 + '"', "\u00e9" * 19),  # 40 bytes exactly
    ('"\\ud83d\\ude00"', "\U0001f600"),  # a pair, escaped
    ("\ufeff[[1]]", [[1]]),
    (b"\xef\xbb\xbf[1]", [1]),
])
def test_accepted(data: str | bytes, value: object) -> None:
    if value is None:
        with pytest.raises(SaveError) as caught:
            parse_json(data, max_bytes=40, max_depth=2)
        assert caught.value.reason is SaveReason.NOT_JSON
    else:
        assert parse_json(data, max_bytes=40, max_depth=2) == value


@pytest.mark.parametrize(("d", "reason"), [
    ({"format": "a", "version": True}, SaveReason.BAD_VERSION),
    ({"format": "a", "version": 1.0}, SaveReason.BAD_VERSION),
    ({"format": "a"}, SaveReason.BAD_VERSION),
    ({"format": "c", "version": 1}, SaveReason.BAD_FORMAT),
    ([], SaveReason.BAD_FORMAT),
])
def test_check_header_refuses(d: object, reason: SaveReason) -> None:
    with pytest.raises(SaveError) as caught:
        check_header(d, ["a", "b"], 1)
    assert caught.value.reason is reason


def test_check_header_names_the_format() -> None:
    assert check_header({"format": "b", "version": 1}, ["a", "b"], 1) == "b"


ANY_TEXT = st.text(alphabet=st.characters(codec=None, categories=None), max_size=60)
FUZZ = settings(max_examples=300, derandomize=True, database=None, deadline=None)


@FUZZ
@given(ANY_TEXT)
def test_any_text_with_surrogates_gives_a_value_or_a_save_error(text: str) -> None:
    try:
        parse_json(text)
    except SaveError as err:
        if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
            assert err.reason in (SaveReason.BAD_TEXT, SaveReason.TOO_LARGE)


@FUZZ
@given(st.recursive(ANY_TEXT, lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(ANY_TEXT, inner, max_size=3), max_leaves=8))
def test_every_loader_refuses_an_escaped_surrogate_with_a_reason(value: object) -> None:
    """The review's defect 2: a lone surrogate anywhere must end in SaveError, never in
    UnicodeEncodeError, whichever loader reads it."""
    text = json.dumps({"format": "skipbo-widgets/game", "version": 1, "seed": value,
                       "seats": [{"stock": "1"}, {"stock": "2"}]})
    has_surrogate = any(0xD800 <= ord(c) <= 0xDFFF for c in json.dumps(value, ensure_ascii=False))
    for load in (loads_game, loads_match, loads_session, open_any):
        try:
            load(text)
        except SaveError as err:
            assert err.reason is not SaveReason.BAD_TEXT or has_surrogate
        else:
            assert not has_surrogate
    assert loads_progress(text) is None
