"""Input and output shared by the build-scale peer runners (run_vroom.py, run_pyvrp.py).

load() reads the JSON that bench/build-scale/peer-plan.ts writes (argument 1) and, by name, its
uint32 matrix files; save() writes {"routes": [[job numbers] per route], "seconds": wall from the
runner's start, "peak_mb": resident} to argument 2.
"""
import json
import resource
import sys
import time

import numpy

STARTED = time.time()


def load():
    with open(sys.argv[1]) as f:
        return json.load(f)


def matrix(spec, name):
    size = spec["size"]
    return numpy.fromfile(spec["matrices"][name], dtype="<u4").reshape(size, size)


def remaining(spec):
    """Seconds of the time limit left after loading, at least one."""
    return max(1.0, spec["time_limit"] - (time.time() - STARTED))


def save(routes):
    with open(sys.argv[2], "w") as f:
        json.dump(
            {
                "routes": routes,
                "seconds": time.time() - STARTED,
                "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            },
            f,
        )
