"""Failures end cleanly: a MemoryError (or any error) at any point of making a board ends the job,
frees the buffers, says so on the menu, and the next game is made and won - under CPython here
and under micropython (mpy_inject.py). The job runner itself, and code.py's loop catching an
error that escapes the midend."""

import os
import subprocess

import pytest

import inject
from game_helpers import Driver, StillProfile, load_code
from mines.flow import midend as M
from mines.flow.jobs import DONE, FAILED, IDLE, NO_MEMORY, NO_ROOM, RUNNING, Runner

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
MICROPYTHON = os.path.join(REPO, ".venv", "bin", "micropython")


@pytest.mark.parametrize("quick", [True, False])
@pytest.mark.parametrize("size", [(9, 9, 10), (20, 15, 45)])
def test_memory_error_at_every_slice_point(size, quick):
    w, h, mines = size
    points = inject.count_points(7, w, h, mines, quick, "slice")
    assert points >= 5                                  # construction, begin, slices
    assert inject.sweep(7, w, h, mines, quick) == points


def test_memory_error_deep_in_the_generators_work():
    """Raised from inside the generator's coroutine (it dies): once the case that spun the job
    loop for ever."""
    points = inject.count_points(7, 9, 9, 10, True, "draw")
    assert points >= 10                                 # every mine placed is a draw
    assert inject.sweep(7, 9, 9, 10, True, kind="draw") == points
    assert inject.sweep(7, 30, 24, 216, True, kind="draw", most=15) >= 15


def test_memory_error_spread_over_expert():
    assert inject.sweep(7, 30, 16, 99, True, most=25) >= 25


def test_any_error_ends_the_job_with_its_message():
    tried = inject.sweep(7, 9, 9, 10, True, error=TypeError, most=6)
    assert tried >= 6
    m = M.Midend(seed=7, generator_class=inject.FailingGenerator)
    message, _ = inject.one_injection(m, 0, 3, ValueError)
    assert message == "injected at point 3"


def test_the_injection_is_real():
    """The harness fails a board where it says it does (so the sweeps above test something)."""
    inject.PLAN.reset(2)
    m = M.Midend(seed=7, generator_class=inject.FailingGenerator)
    m.start_game()
    d = Driver(m)
    d.run(3)
    assert inject.PLAN.raised == 1
    s = m.settings
    assert m.state == M.MENU and m.message == NO_MEMORY % (s.width, s.height) and m.game is None
    inject.PLAN.reset(-1)


def test_micropython_sweeps():
    r = subprocess.run([MICROPYTHON, os.path.join(HERE, "mpy_inject.py"), REPO, "20"],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    last = r.stdout.strip().splitlines()[-1]
    assert last.startswith("OK tried=") and int(last[9:]) >= 80, last


# -- the runner on its own ------------------------------------------------------------------

class Job:
    """``steps`` steps of ``units`` work each; ``fail_at``: the step that raises."""

    def __init__(self, steps, units, fail_at=-1, error=MemoryError):
        self.steps = steps
        self.units = units
        self.fail_at = fail_at
        self.error = error
        self.done = 0
        self.slice_work = 0
        self.progress = 0

    def step(self):
        if self.done == self.fail_at:
            raise self.error("step %d" % self.done)
        self.done += 1
        self.slice_work = self.units
        self.progress = 100 * self.done // self.steps
        return self.done >= self.steps


def test_runner_budget_done_and_failed():
    r = Runner(budget=100, slice_bound=40)
    assert r.run() == 0 and r.state == IDLE
    job = Job(5, 40)
    r.start(job, tag=3)
    assert r.run() == 80 and r.state == RUNNING and job.done == 2 and r.progress == 40
    assert r.run() == 80 and r.run() == 40 and r.state == DONE and r.job is job
    assert r.max_frame_work == 80 and r.tag == 3
    r.stop()
    assert r.state == IDLE and r.job is None
    r.start(Job(5, 40, fail_at=3))
    r.run()
    assert r.run() == 40 and r.state == FAILED and r.error == NO_ROOM and r.job is None
    r.start(Job(5, 40, fail_at=0, error=KeyError))
    r.run()
    assert r.state == FAILED and r.error == "'step 0'"


def test_a_job_waiting_costs_its_frame_nothing():
    """A step that reports no work (waiting for a collect) ends the frame's slices: the runner
    can never spin inside one frame."""
    r = Runner(budget=100, slice_bound=40)
    job = Job(5, 0)
    r.start(job)
    assert r.run() == 0 and job.done == 1                 # one step, then next frame
    assert r.run() == 0 and job.done == 2


def test_runner_refuses_a_budget_below_one_slice():
    with pytest.raises(ValueError):
        Runner(budget=30, slice_bound=40)


# -- code.py's loop ----------------------------------------------------------------------------

def test_an_error_escaping_the_midend_goes_back_to_the_menu():
    code = load_code()
    m = M.Midend(seed=1)
    drawn = []

    class View:
        def draw(self, mid, frame):
            if frame == 2:
                raise TypeError("unsupported operand")
            drawn.append(frame)
            return False

    class Feedback:
        def update(self, mid):
            pass

    m.press(M.A)                                          # playing a quick-start board
    assert Driver(m).until(M.PLAYING)
    code.run(StillProfile, m, View(), Feedback(), frames=5, sleep=lambda s: None)
    assert m.state == M.MENU and m.message == "Error: unsupported operand"
    assert m.game is None and drawn == [0, 1, 3, 4]       # the loop went on


def test_old_buffers_are_gone_before_a_new_size_is_made():
    """Changing the board size drops the old generator's and game's buffers (emptied, so a
    stale pointer cannot pin them) one frame before the new ones are made: never both."""
    import weakref
    from mines.engine.generator import Generator
    alive_at_birth = []
    boards = []

    class Watched(Generator):
        def __init__(self, width, height, lent=None):
            alive_at_birth.append(sum(1 for ref in boards if ref() is not None))
            Generator.__init__(self, width, height, lent)
            boards.append(weakref.ref(self.board))
            boards.append(weakref.ref(self.solver))

    m = M.Midend(seed=3, generator_class=Watched)
    d = Driver(m)
    for board in (0, 1, 2, 0):                            # Beginner, Intermediate, Expert, ...
        m.to_menu()
        m.settings.set("board", board)
        m.start_game()
        assert d.until(M.PLAYING, 3000)
        game = weakref.ref(m.game)
    assert len(alive_at_birth) == 4 and alive_at_birth == [0, 0, 0, 0]
    assert game() is not None and sum(1 for ref in boards if ref() is not None) == 2


def test_a_board_the_generator_gives_up_on_ends_on_the_menu_with_its_reason():
    """The generator's give-up contract (step() True with ``failed`` and a one-line ``reason``)
    ends the job like an error: the reason on the menu, the next board made and played."""
    from game_helpers import Driver, ExactGenerator

    class GivesUpOnce(ExactGenerator):
        given_up = [0]

        def step(self):
            if not self.given_up[0]:
                self.given_up[0] = 1
                self.slice_work = self.SLICE_UNITS
                self.failed = True
                self.reason = "This board takes too long: try fewer mines"
                return True
            return ExactGenerator.step(self)

    m = M.Midend(seed=5, generator_class=GivesUpOnce)
    d = Driver(m)
    d.press(M.A)  # Play: the quick-start board is begun, and given up
    d.run(30)
    assert m.state == M.MENU and m.message == "This board takes too long: try fewer mines"
    d.press(M.A)
    d.run(40)
    assert m.state == M.PLAYING and m.game.state == 0


def test_a_board_given_up_on_is_not_asked_for_again():
    """After a give-up, Play makes the board of the next seed: the same seed would give up the
    same way for ever (a Swarm board did, in every try)."""
    from game_helpers import Driver, ExactGenerator

    seeds = []

    class GivesUpOnItsFirstSeed(ExactGenerator):
        def begin(self, mines, seed, start=None, level=2, version=1):
            seeds.append(seed)
            ExactGenerator.begin(self, mines, seed, start, level, version)

        def step(self):
            if seeds[-1] == seeds[0]:
                self.slice_work = self.SLICE_UNITS
                self.failed = True
                self.reason = "could not make this board in time: try fewer mines"
                return True
            return ExactGenerator.step(self)

    m = M.Midend(seed=5, generator_class=GivesUpOnItsFirstSeed)
    d = Driver(m)
    d.press(M.A)
    d.run(30)
    assert m.state == M.MENU and m.message.startswith("could not make")
    d.press(M.A)
    d.run(40)
    assert m.state == M.PLAYING and len(seeds) == 2 and seeds[1] != seeds[0]
