"""The Dask driver of `txanon distribute --engine dask` (issue 35).

Started by the CLI as ``python3 dask_driver.py MANIFEST RESULTS``. The manifest (JSON) names the
scheduler (none: a LocalCluster of ``workers`` single-threaded worker processes on this machine),
the retries and one task per partition: a command line and the directory its attempts go in. Each
task is submitted to the engine with Dask's own retries; a worker that dies mid-task has its task
rescheduled by the scheduler (Dask's allowed-failures). A task runs its command in a fresh attempt
directory (``{attempt}`` in the command), its standard output into ``record.json`` there, and
returns that directory and the CPU seconds of the command (``wait4``). Progress goes to stderr, a
line per partition. The results (JSON) list each partition's directory, CPU seconds and attempts,
or the error that failed the run; the exit code is 0 only when every partition succeeded.
"""

import json
import os
import socket
import sys
import time
import uuid

from dask_client import dask_client

BAD_INPUT = 2  # the CLI's exit code for bad input or arguments (DESIGN.md sec. 6)


def run_partition(task):
    """Runs one partition's command on a Dask worker; raises (so Dask retries) when it fails."""
    import subprocess

    from distributed import get_worker

    attempt = os.path.join(task["dir"], "attempt-" + uuid.uuid4().hex[:12])
    os.makedirs(attempt)
    argv = [a.replace("{attempt}", attempt) for a in task["argv"]]
    print(
        f"partition {task['part']}: attempt started on {get_worker().address} (worker pid {os.getpid()})",
        file=sys.stderr,
        flush=True,
    )
    with open(os.path.join(attempt, "record.json"), "wb") as out:
        child = subprocess.Popen(argv, stdout=out, stderr=subprocess.PIPE)
        err = child.stderr.read()
        child.stderr.close()
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    # The whole standard error stays in the attempt: the CLI reads the real reason from it
    # (taskReason.ts), not from its last line (Node ends an uncaught error with its version).
    with open(os.path.join(attempt, "stderr"), "wb") as f:
        f.write(err)
    if child.returncode != 0:
        lines = err.decode(errors="replace").strip().splitlines()
        why = lines[-1] if lines else f"exit code {child.returncode}"
        if child.returncode == BAD_INPUT:  # the same input fails the same way: no retry
            return {"part": task["part"], "badInput": why, "attemptDir": attempt}
        raise RuntimeError(why)
    return {"part": task["part"], "dir": attempt, "cpuSeconds": usage.ru_utime + usage.ru_stime}


def attempts_of(task):
    return sum(1 for name in os.listdir(task["dir"]) if name.startswith("attempt-"))


def last_attempt(task):
    """The attempt directory written last (its stderr holds the last failure's reason), or None."""
    dirs = [os.path.join(task["dir"], n) for n in os.listdir(task["dir"]) if n.startswith("attempt-")]
    return max(dirs, key=os.path.getmtime) if dirs else None


def scheduler_lost(scheduler):
    """Why a running scheduler at ``scheduler`` (tcp://host:port) no longer answers, or None."""
    if not scheduler:
        return None
    host, _, port = scheduler.split("://", 1)[-1].rstrip("/").rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=5).close()
        return None
    except OSError as e:
        return f"{type(e).__name__}: {e.strerror or e}"


def scheduler_lost_after_cancel(scheduler, error, seconds=10.0):
    """``scheduler_lost``, waited for when ``error`` is a cancelled future: the client can see the
    scheduler's end as its futures cancelled a moment before the scheduler's port stops answering
    (seen under load), and no task of ours cancels itself."""
    lost = scheduler_lost(scheduler)
    deadline = time.monotonic() + (seconds if type(error).__name__ == "CancelledError" else 0)
    while not lost and time.monotonic() < deadline:
        time.sleep(0.5)
        lost = scheduler_lost(scheduler)
    return lost


def main(manifest_path, results_path):
    with open(manifest_path) as f:
        manifest = json.load(f)
    from distributed import as_completed

    started = time.monotonic()
    with dask_client(manifest.get("scheduler"), manifest["workers"]) as client:
        run = uuid.uuid4().hex[:8]
        tasks = {t["part"]: t for t in manifest["tasks"]}
        futures = [
            client.submit(run_partition, t, key=f"txanon-partition-{t['part']}-{run}", retries=manifest["retries"], pure=False)
            for t in manifest["tasks"]
        ]
        part_of = {f.key: t["part"] for f, t in zip(futures, manifest["tasks"])}
        done, error, failed = [], None, None
        for future in as_completed(futures):
            part = part_of[future.key]
            try:
                result = future.result()
            except Exception as e:  # the task's own failure after its retries, KilledWorker, a lost scheduler
                lost = scheduler_lost_after_cancel(manifest.get("scheduler"), e)
                if lost:  # the scheduler's end cancels every future: its loss is the reason, not a task's
                    error = f"the Dask scheduler {manifest['scheduler']} no longer answers ({lost}); partition {part} had no result"
                    print(error, file=sys.stderr, flush=True)
                    break
                error = f"partition {part} failed after {attempts_of(tasks[part])} attempts: {type(e).__name__}: {e}"
                failed = {"part": part, "attempts": attempts_of(tasks[part]), "attemptDir": last_attempt(tasks[part])}
                print(error, file=sys.stderr, flush=True)
                break
            if "badInput" in result:
                error = f"partition {part}: {result['badInput']}"
                failed = {"part": part, "attempts": 1, "attemptDir": result["attemptDir"], "badInput": True}
                print(error, file=sys.stderr, flush=True)
                break
            result["attempts"] = attempts_of(tasks[part])
            done.append(result)
            print(
                f"partition {part}: done after {time.monotonic() - started:.1f} s, {result['cpuSeconds']:.2f} CPU s"
                f" ({len(done)}/{len(futures)})",
                file=sys.stderr,
                flush=True,
            )
        if error:
            try:
                client.cancel(futures)
            except Exception:  # a lost scheduler cancels nothing: its tasks went with it
                pass
        with open(results_path, "w") as f:
            json.dump({"error": error, "failed": failed, "tasks": sorted(done, key=lambda r: r["part"])}, f)
    return 3 if error else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
