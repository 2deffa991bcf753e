"""The Dask client of distribute's drivers (dask_driver.py, dask_rounds.py; issue 35).

``dask_client(scheduler, workers)`` connects to a running scheduler at its address or, without one,
starts a LocalCluster of ``workers`` single-threaded worker processes on this machine (its
dashboard on any free port, no memory limit, logs below errors silenced), and closes the client and
the cluster it started when the ``with`` block ends. The drivers are started by path, so this
module beside them is on their import path; the tasks they submit do not use it.
"""

import contextlib
import logging
import sys

# The Node side's SCHEDULER_TIMEOUT_S (daskEngine.ts).
CONNECT_TIMEOUT_S = 10


@contextlib.contextmanager
def dask_client(scheduler, workers):
    from distributed import Client, LocalCluster

    cluster = None
    if scheduler:
        try:
            # A bounded wait, and the cause in one line (issue 43, F12), not a traceback.
            client = Client(scheduler, timeout=CONNECT_TIMEOUT_S)
            # A scheduler lost mid-run is reported by the driver in one line (issue 42), not by
            # the client's reconnection log.
            logging.getLogger("distributed.client").setLevel(logging.CRITICAL)
        except (OSError, TimeoutError) as e:
            print(f"cannot reach the Dask scheduler {scheduler}: {type(e).__name__}: {e}", file=sys.stderr, flush=True)
            sys.exit(4)
    else:
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # any free port: never another cluster's
            memory_limit=0,
            silence_logs=logging.ERROR,
        )
        client = Client(cluster)
    try:
        yield client
    finally:
        try:
            client.close()
            if cluster is not None:
                cluster.close()
        except Exception:  # a scheduler that is gone cannot be told goodbye (issue 42)
            pass
