"""Where a tournament's games are played: in this process, on a pool of local processes, or as
tasks on a Ray cluster (docs/tournaments.md). Each executor calls fn(*task) once per task and
hands back the results in the order of the tasks, whatever order they finished in, so a
tournament's figures depend only on its tasks, never on how many workers played them.

Ray is optional (`pip install 'pomme-board[cluster]'`): it is imported only for `--ray`."""

import logging
import os
import sys

from .text import t

INSTALL_RAY = "pip install 'pomme-board[cluster]'"


class NoRay(Exception):
    """Ray asked for but not importable here (the message says what to install)."""


class RayUnreachable(Exception):
    """ray.init could not start or reach the cluster at the address given."""


def local_jobs():
    """The number of local processes a tournament uses when none is given: every core."""
    return os.cpu_count() or 1


def run_tasks(fn, tasks, jobs=1, ray=None, done=None):
    """[fn(*task) for task in tasks], computed on `jobs` local processes (fork), or as Ray
    tasks when `ray` is an address ("auto", "HOST:PORT", "ray://HOST:10001") or "" (the Ray
    instance this process already started). done(i, result) is called as each one finishes
    (for a progress display), in the order they finish."""
    tasks = list(tasks)
    if ray is not None:
        return _on_ray(fn, tasks, ray, done)
    if jobs <= 1 or len(tasks) <= 1:
        results = []
        for i, task in enumerate(tasks):
            results.append(fn(*task))
            if done is not None:
                done(i, results[-1])
        return results
    import multiprocessing

    results: list = [None] * len(tasks)
    # One task at a time for each process (chunks of 1), so the processes stay busy to the end.
    # Ctrl-C reaches the whole process group: the workers ignore it, this process stops the pool.
    with multiprocessing.get_context("fork").Pool(min(jobs, len(tasks)), initializer=_quiet_worker) as pool:
        for i, res in pool.imap_unordered(_indexed, [(fn, i, task) for i, task in enumerate(tasks)]):
            results[i] = res
            if done is not None:
                done(i, res)
    return results


def _quiet_worker():
    """A pool process: no KeyboardInterrupt of its own (and no traceback of one) on Ctrl-C."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _indexed(args):
    fn, i, task = args
    return i, fn(*task)


def ray_module():
    """The ray module, or NoRay saying what to install."""
    try:
        import ray
    except ImportError as e:
        raise NoRay(t("tournament.no_ray", e, INSTALL_RAY)) from None
    return ray


def _on_ray(fn, tasks, address, done):
    ray = ray_module()
    if not ray.is_initialized():
        # No usage statistics sent to Ray's servers from a tournament (Ray's own opt-out).
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        _reachable(address)
        try:
            ray.init(address=address or "auto", log_to_driver=False, logging_level=logging.ERROR)
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise RayUnreachable(t("tournament.ray_unreachable", address or "auto", e)) from None
    remote = ray.remote(num_cpus=1)(fn)
    refs = [remote.remote(*task) for task in tasks]
    where = {ref: i for i, ref in enumerate(refs)}
    results: list = [None] * len(tasks)
    pending = list(refs)
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            i = where[ref]
            results[i] = ray.get(ref)
            if done is not None:
                done(i, results[i])
    return results


def _reachable(address):
    """RayUnreachable at once when a HOST:PORT address has nothing listening (ray.init would
    retry for minutes); "auto", "local" and ray:// addresses are left to Ray."""
    host, _, port = (address or "").rpartition(":")
    if not host or "/" in address or not port.isdigit():
        return
    import socket

    try:
        socket.create_connection((host, int(port)), timeout=10).close()
    except OSError as e:
        raise RayUnreachable(t("tournament.ray_unreachable", address, e)) from None


class Progress:
    """A progress bar on stderr (tqdm) while the games run, so stdout keeps only the results;
    none when stderr is not a terminal, with quiet, or if tqdm is missing."""

    def __init__(self, total, desc, quiet=False, stream=None, unit="game"):
        stream = sys.stderr if stream is None else stream
        self.bar = None
        if quiet or not getattr(stream, "isatty", lambda: False)():
            return
        try:
            from tqdm import tqdm
        except ImportError:
            return
        self.bar = tqdm(total=total, desc=desc, unit=unit, file=stream, dynamic_ncols=True, leave=False)

    def step(self, note=None):
        if self.bar is not None:
            if note is not None:
                self.bar.set_postfix_str(note, refresh=False)
            self.bar.update(1)

    def now(self, note):
        """What runs now, shown beside the bar before it is done (a long step of make bench)."""
        if self.bar is not None:
            self.bar.set_postfix_str(note)

    def close(self):
        if self.bar is not None:
            self.bar.close()
            self.bar = None
