"""Hostile: the GitHub Action called a moving target "pinned", by a looser rule than init's.

The Action checked its ``sakshi`` input with a shell regex of its own: any ``NAME==``
text (``sakshi==latest``), any URL ending in ``#sha256=`` after a branch, and a wheel
path with no hash at all were installed, while ``sakshi init --install`` refused them;
and ``sakshi @ git+https://...@<commit>``, the form init and the guide recommend, was
refused. The Action now runs init's own rule (``sakshi/inputs/pins.py``, through
``sakshi/integrations/action_pin.py``) from the source of the commit it is used at,
before anything is installed: every form init takes, it takes, and nothing else.

The check step runs as the runner runs it (tests/support/action_runner.py).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

from action_runner import REPO, Runner, load_action
from test_init_pins import NOT_PINNED, PINNED

from sakshi.errors import InputError
from sakshi.inputs.pins import check_pinned

CHECK = "Check the sakshi input"
# What the old regex let through, each refused by init.
LOOSE = {
    "any == text": "sakshi==latest",
    "a wheel path with no hash": "WHEEL_PATH",
    "a branch before #sha256": "sakshi @ git+https://example.org/sakshi@main#sha256=" + "a" * 64,
}


def _check(tmp_path: Path, requirement: str, action_path: Path = REPO) -> tuple[int | None, str]:
    workspace = tmp_path / "workspace"
    workspace.mkdir(exist_ok=True)
    inputs = {"sakshi": requirement, "python": sys.executable}
    done = Runner(workspace, inputs, action_path=action_path).step(CHECK)
    assert done.status == "ran", done
    return done.code, done.stdout + done.stderr


@pytest.mark.parametrize("form", PINNED.values(), ids=PINNED.keys())
def test_every_form_init_takes_the_action_takes(tmp_path: Path, form: str) -> None:
    assert _check(tmp_path, form) == (0, "")


@pytest.mark.parametrize(("form", "why"), NOT_PINNED.values(), ids=NOT_PINNED.keys())
def test_every_form_init_refuses_the_action_refuses_with_inits_words(
    tmp_path: Path, form: str, why: str
) -> None:
    code, out = _check(tmp_path, form)
    with pytest.raises(InputError) as caught:
        check_pinned(form, "the 'sakshi' input")
    assert code == 2 and why in out
    expected = str(caught.value).replace("%", "%25")
    assert out == f"::error title=sakshi::{expected}\n"


@pytest.mark.parametrize("form", LOOSE.values(), ids=LOOSE.keys())
def test_what_the_old_regex_let_through_is_refused(tmp_path: Path, form: str) -> None:
    if form == "WHEEL_PATH":  # a real file: the old rule took any existing *.whl
        wheel = tmp_path / "workspace" / "sakshi-0.1.0-py3-none-any.whl"
        wheel.parent.mkdir()
        wheel.write_bytes(b"PK")
        form = str(wheel)
    code, out = _check(tmp_path, form)
    assert code == 2 and "is not pinned" in out


def test_a_refused_input_stops_the_action_before_anything_is_installed(tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    steps = Runner(workspace, {"sakshi": "sakshi", "python": ""}).run()
    assert steps[0].code == 2 and {s.status for s in steps[1:]} == {"not reached"}
    assert not (tmp_path / "runner" / "temp" / "sakshi-venv").exists()


def test_the_rule_is_read_from_the_actions_own_source(tmp_path: Path) -> None:
    # An action whose pins.py refuses everything: the check says so, so the Action runs
    # that module (no second copy of the rule), from the commit it is used at.
    spy = tmp_path / "action"
    shutil.copytree(REPO / "src" / "sakshi", spy / "src" / "sakshi")
    shutil.copy(REPO / "action.yml", spy / "action.yml")
    pins = spy / "src" / "sakshi" / "inputs" / "pins.py"
    text = pins.read_text("utf-8")
    pins.write_text(text.replace("    split = _OPTIONS", '    return "SPY"\n    split = _OPTIONS'))
    code, out = _check(tmp_path, "sakshi==1.0.0", spy)
    assert code == 2 and "'sakshi==1.0.0' is not pinned: SPY" in out
    # And the action's scripts hold no pattern of their own.
    scripts = "".join(s.get("run", "") for s in load_action(REPO)["runs"]["steps"])
    assert "=~" not in scripts and "sha256" not in scripts
