"""Who plays the lab's chunks and what the caller hears: in this process, in a pool of
worker processes (one a core unless told, never more than the chunks), or on a Dask
cluster; `keep` given every chunk, the progress counted in bouts after each, a stop
asked for between chunks. The pool and the cluster here are stand-ins that play in
this process, so that what the runner asks of them can be seen; the real ones are in
test_lab.py. Also the lab's checks of what it is asked, and the progress bar."""

from __future__ import annotations

import io
import sys
import types
from typing import Any, ClassVar

import pytest

from companion.errors import UserError
from companion.lab import lab as lab_module
from companion.lab import progress, run
from companion.lab.dask_run import CONNECT_SECONDS
from companion.lab.lab import MAX_BOUTS, MAX_ENTRANTS, Lab
from companion.lab.play import Stopped, play_chunk
from companion.lab.progress import Bar, bar_line, clock
from companion.lab.run import check_workers, default_workers, run_chunks
from companion.lab.tasks import chunks
from companion.rulesets.labs import Entrant
from companion.tables.loader import load_tables
from tools.bench import play as bench

TABLES = load_tables(include_user=False)
SAMNITE = Entrant("samnite", "Samnite", {"type": "samnite"})
VELITE = Entrant("velite", "Velite", {"type": "velite"})


def work(bouts: int = 3, size: int = 2) -> list:
    """Samnite and Velite, each pairing cut into chunks of `size`."""
    return chunks("skirmish", [SAMNITE, VELITE], bouts, 5, size=size)


def figures(found: list) -> dict:
    return {(c.row, c.col, c.start): (cell.bouts, cell.wins, cell.losses, cell.draws,
                                      cell.turns, cell.loser_died) for c, cell in found}


ALONE = figures([play_chunk(c, TABLES) for c in work()])


class Heard:
    """What the runner tells its caller."""

    def __init__(self, stop_after: int | None = None) -> None:
        self.kept: list[tuple[int, int, int]] = []
        self.progress: list[tuple[int, int]] = []
        self.asked = 0
        self.stop_after = stop_after

    def keep(self, chunk: Any, cell: Any) -> None:
        assert cell.bouts == chunk.stop - chunk.start
        self.kept.append((chunk.row, chunk.col, chunk.start))

    def bar(self, done: int, total: int) -> None:
        self.progress.append((done, total))

    def stop(self) -> bool:
        self.asked += 1
        return self.stop_after is not None and len(self.kept) >= self.stop_after


# --- in this process ----------------------------------------------------------------------
@pytest.fixture
def no_pool(monkeypatch):
    def refuse(method: str) -> Any:
        raise AssertionError("no worker process should start")

    monkeypatch.setattr(run.multiprocessing, "get_context", refuse)


def test_one_worker_plays_every_chunk_here_telling_each_as_it_goes(no_pool):
    heard = Heard()
    found = run_chunks(work(), [TABLES], workers=1, progress=heard.bar, stop=heard.stop,
                       keep=heard.keep)
    assert figures(found) == ALONE
    # Chunks of 2 and 1 bouts for each of the four pairings: 12 bouts.
    assert heard.progress == [(2, 12), (3, 12), (5, 12), (6, 12), (8, 12), (9, 12),
                              (11, 12), (12, 12)]
    assert heard.kept == [(c.row, c.col, c.start) for c in work()]
    assert heard.asked == 8  # before each chunk


def test_a_stop_between_chunks_ends_the_run_with_what_was_kept(no_pool):
    heard = Heard(stop_after=3)
    with pytest.raises(Stopped):
        run_chunks(work(), [TABLES], workers=1, progress=heard.bar, stop=heard.stop,
                   keep=heard.keep)
    assert len(heard.kept) == 3 and heard.progress[-1] == (5, 12)


def test_a_single_chunk_is_played_here_whatever_the_workers(no_pool):
    one = work(bouts=2)[:1]
    assert figures(run_chunks(one, [TABLES], workers=4)) == \
        figures([play_chunk(one[0], TABLES)])
    assert run_chunks([], [TABLES], workers=4) == []
    assert figures(run_chunks(work(), [TABLES], workers=1)) == ALONE  # no callbacks: fine


# --- in a pool of processes ---------------------------------------------------------------
class Pool:
    """A stand-in for multiprocessing's pool: plays in this process, last chunk first."""

    made: ClassVar[list[int]] = []
    terminated: ClassVar[list[bool]] = []

    def __init__(self, processes: int, initializer: Any, initargs: tuple) -> None:
        Pool.made.append(processes)
        initializer(*initargs)

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc: Any) -> None:
        pass

    def imap_unordered(self, play: Any, chunks: Any) -> Any:
        return (play(chunk) for chunk in reversed(list(chunks)))

    def terminate(self) -> None:
        Pool.terminated.append(True)


@pytest.fixture
def pool(monkeypatch):
    methods: list[str] = []
    Pool.made, Pool.terminated = [], []

    def context(method: str) -> Any:
        methods.append(method)
        return types.SimpleNamespace(Pool=Pool)

    monkeypatch.setattr(run.multiprocessing, "get_context", context)
    return methods


def test_workers_share_the_chunks_in_spawned_processes_no_more_than_the_chunks(pool):
    heard = Heard()
    found = run_chunks(work(), [TABLES], workers=3, progress=heard.bar, stop=heard.stop,
                       keep=heard.keep)
    assert figures(found) == ALONE and pool == ["spawn"] and Pool.made == [3]
    # As each chunk comes back (here the last first), in bouts.
    assert heard.progress == [(1, 12), (3, 12), (4, 12), (6, 12), (7, 12), (9, 12),
                              (10, 12), (12, 12)]
    assert heard.kept == [(c.row, c.col, c.start) for c in reversed(work())]
    assert heard.asked == 8  # after each chunk
    run_chunks(work(), [TABLES], workers=100)
    assert Pool.made == [3, 8]  # a process a chunk at most
    run_chunks(work(bouts=2)[:2], [TABLES], workers=2)
    assert Pool.made == [3, 8, 2]  # two chunks are shared out


def test_no_workers_named_means_one_a_core(pool, monkeypatch):
    monkeypatch.setattr(run.os, "cpu_count", lambda: 5)
    assert default_workers() == 5
    run_chunks(work(), [TABLES])
    run_chunks(work(), [TABLES], workers=0)
    lab().run()
    assert Pool.made == [5, 5, 4]  # the lab: a process a core, for its four chunks
    monkeypatch.setattr(run.os, "cpu_count", lambda: None)  # the system cannot tell
    assert default_workers() == 1


def test_a_stop_ends_the_pool_after_the_chunk_that_came_back(pool):
    heard = Heard(stop_after=2)
    with pytest.raises(Stopped):
        run_chunks(work(), [TABLES], workers=2, progress=heard.bar, stop=heard.stop,
                   keep=heard.keep)
    assert len(heard.kept) == 2 and heard.progress == [(1, 12), (3, 12)]
    assert Pool.terminated == [True]


@pytest.mark.parametrize(("workers", "fine"), [(0, True), (1, True), (64, True),
                                                (-1, False), ("2", False), (1.5, False)])
def test_workers_are_a_whole_number_of_processes(workers, fine):
    if fine:
        assert check_workers(workers) == workers
    else:
        with pytest.raises(UserError, match=f"--workers {workers}: a whole number"):
            check_workers(workers)


# --- on a Dask cluster --------------------------------------------------------------------
class Client:
    """A stand-in for dask.distributed's client: plays each chunk as it is submitted,
    hands them back last first."""

    def __init__(self, address: str, timeout: float) -> None:
        if address == "tcp://nowhere:8786":
            raise OSError("connection refused")
        self.log: list[Any] = [("connect", address, timeout)]
        Client.last = self

    def scatter(self, data: Any, broadcast: bool) -> Any:
        self.log.append(("scatter", broadcast))
        return data

    def submit(self, play: Any, chunk: Any, tables: Any, pure: bool) -> Any:
        assert tables is TABLES
        self.log.append(("submit", pure))
        return types.SimpleNamespace(result=lambda: play(chunk, tables))

    def cancel(self, futures: Any) -> None:
        self.log.append(("cancel", len(futures)))

    def close(self) -> None:
        self.log.append("close")


@pytest.fixture
def dask(monkeypatch):
    fake = types.ModuleType("distributed")
    fake.Client = Client  # type: ignore[attr-defined]
    fake.as_completed = lambda futures: reversed(futures)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "distributed", fake)


def test_on_a_dask_cluster_every_chunk_is_played_and_told_as_it_comes_back(dask, no_pool):
    heard = Heard()
    found = run_chunks(work(), [TABLES, TABLES], scheduler="tcp://there:8786",
                       progress=heard.bar, stop=heard.stop, keep=heard.keep)
    assert figures(found) == ALONE
    assert heard.progress == [(1, 12), (3, 12), (4, 12), (6, 12), (7, 12), (9, 12),
                              (10, 12), (12, 12)]
    assert heard.kept == [(c.row, c.col, c.start) for c in reversed(work())]
    # Ten seconds to reach the scheduler; each table set sent to every worker once;
    # each chunk a task of its own, never merged with an equal one; closed at the end.
    assert Client.last.log == [("connect", "tcp://there:8786", 10), ("scatter", True),
                               ("scatter", True), *[("submit", False)] * 8, "close"]
    assert CONNECT_SECONDS == 10
    assert figures(run_chunks(work(), [TABLES], scheduler="tcp://there:8786")) == ALONE


def test_a_stop_cancels_the_tasks_on_the_cluster(dask):
    heard = Heard(stop_after=2)
    with pytest.raises(Stopped):
        run_chunks(work(), [TABLES], scheduler="tcp://there:8786", progress=heard.bar,
                   stop=heard.stop, keep=heard.keep)
    assert heard.progress == [(1, 12), (3, 12)]
    assert Client.last.log[-2:] == [("cancel", 8), "close"]


def test_a_cluster_out_of_reach_or_not_installed_is_one_line(dask, monkeypatch):
    with pytest.raises(UserError, match=r"--scheduler tcp://nowhere:8786: cannot reach a "
                       r"Dask scheduler there \(connection refused\)"):
        run_chunks(work(), [TABLES], scheduler="tcp://nowhere:8786")
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(UserError, match=r"--scheduler needs dask\.distributed"):
        run_chunks(work(), [TABLES], scheduler="tcp://there:8786")


# --- the lab ------------------------------------------------------------------------------
def lab(**changed: Any) -> Lab:
    return Lab(**{"system_id": "skirmish", "entrants": [SAMNITE, VELITE], "bouts": 3,
                  "seed": 5, "tables": [TABLES], "tables_words": ["built-in"], **changed})


def test_a_lab_counts_its_bouts_over_every_pairing_and_table_set():
    assert lab().total_bouts() == 12
    assert lab(columns=[SAMNITE, VELITE, SAMNITE], bouts=5, tables=[TABLES, TABLES],
               tables_words=["a", "b"]).total_bouts() == 2 * 3 * 5 * 2


@pytest.mark.parametrize(("changed", "words"), [
    ({"bouts": 0}, "--bouts 0: from 1 to 1,000,000 a pairing"),
    ({"bouts": MAX_BOUTS + 1}, "--bouts 1000001: from 1 to 1,000,000"),
    ({"entrants": []}, "the lab needs at least one gladiator"),
    ({"entrants": [SAMNITE] * (MAX_ENTRANTS + 1)}, "401 gladiators: at most 400"),
    ({"columns": []}, "the lab needs at least one gladiator in its columns"),
])
def test_a_lab_beyond_its_bounds_is_refused(changed, words):
    with pytest.raises(UserError, match=words):
        lab(**changed).check()


def test_a_lab_at_its_bounds_is_played():
    for changed in ({"bouts": 1}, {"bouts": MAX_BOUTS}, {"entrants": [SAMNITE]},
                    {"entrants": [SAMNITE] * MAX_ENTRANTS}, {"columns": [VELITE]}):
        lab(**changed).check()


def test_a_lab_cuts_its_bouts_into_chunks_of_the_size_given_or_the_default(monkeypatch):
    sizes: list[list[int]] = []

    def counted(work: Any, tables: Any, **kw: Any) -> list:
        sizes.append([c.stop - c.start for c in work])
        return [play_chunk(c, tables[c.tables]) for c in work]

    monkeypatch.setattr(lab_module, "run_chunks", counted)
    monkeypatch.setattr(lab_module.tasks, "CHUNK", 2)
    lab().run(workers=1)
    lab().run(workers=1, size=3)
    assert sizes == [[2, 1] * 4, [3] * 4]


def test_a_resumed_lab_plays_the_rest_and_its_bar_counts_the_bouts_played_before(no_pool):
    first = lab()
    played = run_chunks(work()[:3], [TABLES], workers=1)  # 5 bouts of 12
    heard = Heard()
    matrix = first.run(workers=1, size=2, played=played, progress=heard.bar, keep=heard.keep)[0]
    assert heard.progress == [(6, 12), (8, 12), (9, 12), (11, 12), (12, 12)]
    assert len(heard.kept) == 5  # the chunks played now, not those before
    whole = lab().run(workers=1)[0]
    assert {k: (c.bouts, c.wins, c.turns) for k, c in matrix.cells.items()} == \
        {k: (c.bouts, c.wins, c.turns) for k, c in whole.cells.items()}
    heard = Heard()
    lab().run(workers=1, size=2, played=[], progress=heard.bar)
    assert heard.progress[0] == (2, 12)
    assert lab().run(workers=1, size=2, played=played)[0].total_bouts() == 12  # no bar


def test_the_bench_figure_is_every_types_bouts_over_the_time_taken(monkeypatch):
    asked: list[Any] = []
    monkeypatch.setattr(Lab, "run", lambda self, **kw: asked.append((self, kw)))
    import companion.tables.loader as loader

    real = loader.load_tables
    monkeypatch.setattr(loader, "load_tables",
                        lambda **kw: asked.append(kw) or real(**kw))  # type: ignore
    times = iter([10.0, 14.0])
    monkeypatch.setattr(bench.time, "perf_counter", lambda: next(times))
    assert bench.lab_bouts_per_s() == 13 * 13 * 40 / 4
    assert asked[0] == {"include_user": False}  # the built-in tables, whatever the user's
    played, how = asked[1]
    assert how == {"workers": 0} and played.seed == 1 and played.bouts == 40
    assert played.tables_words == ["built-in"] and len(played.entrants) == 13


# --- the progress bar ---------------------------------------------------------------------
def test_a_clock_shows_minutes_and_seconds_and_hours_when_there_are_some():
    assert [clock(s) for s in (0, 59.4, 61, 3599, 3600, 3661, 36000, -5)] == [
        "0:00", "0:59", "1:01", "59:59", "1:00:00", "1:01:01", "10:00:00", "0:00"]


def test_a_bar_line_shows_the_share_done_and_the_time_left():
    assert bar_line(0, 4000, 0.0) == f"[{'.' * 30}] 0/4,000 bouts   0%  --:-- left"
    assert bar_line(1000, 4000, 10.0) == \
        f"[{'#' * 8}{'.' * 22}] 1,000/4,000 bouts  25%  0:30 left"
    assert bar_line(3, 4, 90.0) == f"[{'#' * 22}{'.' * 8}] 3/4 bouts  75%  0:30 left"
    assert bar_line(4, 4, 90.0) == f"[{'#' * 30}] 4/4 bouts 100%  0:00 left"
    assert bar_line(0, 0, 0.0) == f"[{'#' * 30}] 0/0 bouts 100%  --:-- left"


class Terminal(io.StringIO):
    def __init__(self, live: bool) -> None:
        super().__init__()
        self.live = live

    def isatty(self) -> bool:
        return self.live


def _clock(monkeypatch: pytest.MonkeyPatch, *times: float) -> None:
    ticks = iter(times)
    monkeypatch.setattr(progress.time, "monotonic", lambda: next(ticks))


def test_a_terminal_sees_the_bar_redrawn_at_most_five_times_a_second(monkeypatch):
    _clock(monkeypatch, 0.0, 0.2, 0.3, 0.35)
    screen = Terminal(live=True)
    bar = Bar(screen)
    bar(1, 4)  # 0.2 s after the start: drawn
    bar(2, 4)  # 0.1 s after: too soon
    bar(4, 4)  # the end is always drawn
    assert screen.getvalue() == ("\r" + bar_line(1, 4, 0.2) + "\r" + bar_line(4, 4, 0.35)
                                 + " (took 0:00)\n")


def test_the_bar_counts_the_time_from_its_start(monkeypatch):
    _clock(monkeypatch, 100.0, 160.0, 190.0)
    screen = Terminal(live=True)
    bar = Bar(screen)
    bar(2, 4)
    bar(4, 4)
    assert screen.getvalue() == ("\r" + bar_line(2, 4, 60.0) + "\r" + bar_line(4, 4, 90.0)
                                 + " (took 1:30)\n")
    assert "1:00 left" in bar_line(2, 4, 60.0)


def test_a_log_file_gets_the_last_line_alone(monkeypatch):
    _clock(monkeypatch, 100.0, 160.0, 190.0)
    log = Terminal(live=False)
    bar = Bar(log)
    bar(2, 4)
    bar(4, 4)
    assert log.getvalue() == bar_line(4, 4, 90.0) + " (took 1:30)\n"


def test_the_bar_writes_to_the_error_stream_unless_told(capsys):
    assert Bar().stream is sys.stderr
    mine = Terminal(live=False)
    assert Bar(mine).stream is mine
