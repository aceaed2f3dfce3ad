"""VROOM (pyvroom) on one instance: one thread, exploration level 5, time limit as timeout.

VROOM minimises travel time; with travel time = distance that is the distance objective. It
usually stops well before the time limit.
"""
import time
from datetime import timedelta

import vroom

from common import distance_matrix, fleet_size, horizon, load, save

instance, time_limit, out = load()
started = time.time()
depot = instance["depot"]
n = len(instance["x"])
matrix = distance_matrix(instance)
k = 1 if instance["rounding"] == "nint" else 1000
has_windows = any(due is not None for due in instance["due"])

problem = vroom.Input()
problem.set_durations_matrix(profile="car", matrix_input=matrix)
for v in range(fleet_size(instance)):
    window = (
        vroom.TimeWindow(horizon(instance, instance["ready"][depot]), horizon(instance, instance["due"][depot]))
        if has_windows
        else None
    )
    problem.add_vehicle(
        vroom.Vehicle(v + 1, start=depot, end=depot, capacity=[int(instance["capacity"])], time_window=window)
    )
for i in range(n):
    if i == depot:
        continue
    windows = (
        [vroom.TimeWindow(horizon(instance, instance["ready"][i]), horizon(instance, instance["due"][i]))]
        if has_windows
        else []
    )
    problem.add_job(
        vroom.Job(
            i,
            location=i,
            default_service=round(instance["service"][i] * k),
            delivery=[int(instance["demand"][i])],
            time_windows=windows,
        )
    )
remaining = max(0.1, time_limit - (time.time() - started))
solution = problem.solve(exploration_level=5, nb_threads=1, timeout=timedelta(seconds=remaining))
routes = []
frame = solution.routes
for vehicle_id in frame["vehicle_id"].unique():
    steps = frame[(frame["vehicle_id"] == vehicle_id) & (frame["type"] == "job")]
    routes.append([int(job) for job in steps["id"]])
save(out, routes, started)
