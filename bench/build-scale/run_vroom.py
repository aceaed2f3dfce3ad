"""VROOM (pyvroom) on a build-scale problem, as the peer of wayplan's build.

Reads the JSON written by bench/build-scale/vroom-peer.ts: the travel times (whole seconds, rounded
up) as a little-endian uint32 matrix file, the vehicles (one per route of a day: start and end
place, window in seconds from the first day's midnight, capacity) and the jobs (place, time on
site, one window per allowed date, load). Solves with the threads, exploration level and timeout
given, and writes {"routes": [[job numbers] per vehicle], "seconds": wall, "peak_mb": resident}.
The plan is priced and checked by wayplan's evaluator, so both plans are scored by the same code.

VROOM minimises travel time. With straight-line travel at one speed, travel time is proportional
to distance, so that is the part of wayplan's cost (per km and per hour) that the routes decide,
besides the waiting that VROOM does not price.
"""
import json
import resource
import sys
import time
from datetime import timedelta

import numpy
import vroom

started = time.time()
with open(sys.argv[1]) as f:
    spec = json.load(f)
size = spec["size"]
matrix = numpy.fromfile(spec["matrix"], dtype="<u4").reshape(size, size)
problem = vroom.Input()
problem.set_durations_matrix(profile="car", matrix_input=matrix)
del matrix
for number, vehicle in enumerate(spec["vehicles"]):
    problem.add_vehicle(
        vroom.Vehicle(
            number,
            start=vehicle["start"],
            end=vehicle["end"],
            capacity=[vehicle["capacity"]] if "capacity" in vehicle else [],
            time_window=vroom.TimeWindow(*vehicle["window"]),
        )
    )
for number, job in enumerate(spec["jobs"]):
    problem.add_job(
        vroom.Job(
            number,
            location=job["location"],
            default_service=job["service"],
            delivery=[job["load"]] if "load" in job else [],
            time_windows=[vroom.TimeWindow(*window) for window in job["windows"]],
        )
    )
remaining = max(1.0, spec["time_limit"] - (time.time() - started))
solution = problem.solve(
    exploration_level=spec["exploration"], nb_threads=spec["threads"], timeout=timedelta(seconds=remaining)
)
routes = [[] for _ in spec["vehicles"]]
frame = solution.routes
steps = frame[frame["type"] == "job"]
for vehicle, number in zip(steps["vehicle_id"], steps["id"]):
    routes[int(vehicle)].append(int(number))
with open(sys.argv[2], "w") as f:
    json.dump(
        {
            "routes": routes,
            "seconds": time.time() - started,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        },
        f,
    )
