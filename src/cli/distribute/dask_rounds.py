"""The Dask driver of `txanon distribute --mode rounds` (issue 35): a method's own rounds of tasks
on Dask distributed, PatternKa's Alg. 5 among them (each mining's root branches, one per item key,
searched in groups over the rows that hold them: the reduce by key; the CLI keeps Alg. 1's class
formation and gives every round's tasks to this driver).

Started by the CLI as ``python3 dask_rounds.py``; it talks JSON lines: the first line on stdin names
the scheduler (none: a LocalCluster of ``workers`` single-threaded worker processes), the retries
and the task server's command line (``txanon tasks FILE --method ...``: it reads the dataset once and
answers tasks); then each line ``{"tasks": [task, ...]}`` is a round, answered on stdout by
``{"partials": [reply, ...]}`` in the tasks' order, or ``{"error": "..."}``. Each task is a Dask task
with Dask's retries; it runs on the worker's own task server, started on the worker's first task
and kept on the worker (so the dataset is read once per worker, not once per task). A worker that
dies takes its server with it; the scheduler runs its tasks again elsewhere.
"""

import json
import subprocess
import sys
import uuid

from dask_client import dask_client


def run_task(server, task):
    """Answers one task on this worker's task server (started on first use)."""
    from distributed import get_worker

    worker = get_worker()
    servers = getattr(worker, "_txanon_servers", None)
    if servers is None:
        servers = worker._txanon_servers = {}
    key = "\0".join(server)
    proc = servers.get(key)
    if proc is None or proc.poll() is not None:
        proc = servers[key] = subprocess.Popen(server, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    proc.stdin.write(task.encode() + b"\n")
    proc.stdin.flush()
    line = proc.stdout.readline()
    if not line:
        servers.pop(key, None)
        raise RuntimeError(f"the task server ended (exit code {proc.wait()})")
    if line.startswith(b'{"error"'):
        raise RuntimeError(json.loads(line)["error"])
    return line.decode().rstrip("\n")


def main():
    setup = json.loads(sys.stdin.readline())
    with dask_client(setup.get("scheduler"), setup["workers"]) as client:
        run = uuid.uuid4().hex[:8]
        code = 0
        for number, line in enumerate(sys.stdin):
            tasks = json.loads(line)["tasks"]
            futures = [
                client.submit(run_task, setup["server"], t, key=f"txanon-round-{run}-{number}-{i}", retries=setup["retries"], pure=False)
                for i, t in enumerate(tasks)
            ]
            try:
                reply = {"partials": client.gather(futures)}
            except Exception as e:  # the task's own failure after its retries, or KilledWorker
                reply = {"error": f"round {number + 1}: {type(e).__name__}: {e}"}
                code = 3
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()
            if code:
                break
    return code


if __name__ == "__main__":
    sys.exit(main())
