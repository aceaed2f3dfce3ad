"""VROOM (pyvroom) on a build-scale problem, as a peer of wayplan's build.

Reads the JSON written by bench/build-scale/peer-plan.ts (its doc comment says what is in it),
solves with the threads given, exploration level 5 (VROOM's most thorough, as in the solver bench)
and the time limit as timeout, and writes {"routes": [[job numbers] per route], "seconds": wall,
"peak_mb": resident}. wayplan's evaluator prices and checks the plan.

VROOM minimises travel time and does not price waiting. With straight-line travel at one speed,
travel time is proportional to distance: with the bench's --distance-cost that is wayplan's cost
too; otherwise wayplan also prices every hour from the start to the end of a route.
"""
from datetime import timedelta

import vroom

from peer_io import load, matrix, remaining, save

spec = load()
problem = vroom.Input()
problem.set_durations_matrix(profile="car", matrix_input=matrix(spec, "durations"))
for number, vehicle in enumerate(spec["vehicles"]):
    capacity = [vehicle["capacity"]] if "capacity" in vehicle else []
    window = vroom.TimeWindow(*vehicle["window"])
    problem.add_vehicle(
        vroom.Vehicle(number, start=vehicle["place"], end=vehicle["place"], capacity=capacity, time_window=window)
    )
for number, job in enumerate(spec["jobs"]):
    delivery = [job["load"]] if "load" in job else []
    windows = [vroom.TimeWindow(*window) for window in job["windows"]]
    problem.add_job(
        vroom.Job(number, location=job["place"], default_service=job["service"], delivery=delivery, time_windows=windows)
    )
solution = problem.solve(exploration_level=5, nb_threads=spec["threads"], timeout=timedelta(seconds=remaining(spec)))
routes = [[] for _ in spec["vehicles"]]
steps = solution.routes[solution.routes["type"] == "job"]
for vehicle, number in zip(steps["vehicle_id"], steps["id"]):
    routes[int(vehicle)].append(int(number))
save(routes)
