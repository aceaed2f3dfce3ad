"""Shared I/O for the peer-solver runners.

Each runner reads the neutral JSON instance written by bench/solver/main.ts (coordinates, demands,
time windows, service times, fleet, distance convention), solves it with one thread under a time
limit (PyVRP on the seed given after the output path, 1 by default; OR-Tools and VROOM take none),
and writes {"routes": [[customer numbers]], "runtime": seconds} and, when the solver tells
when it found its final solution, "time_to_best": seconds. Costs and feasibility are
recomputed by the TypeScript checker, so every solver is scored by the same code.
"""
import json
import math
import sys
import time

# Peers work on integers: Solomon/G&H doubles are scaled by 1000 and rounded (PyVRP's "exact"
# convention); CVRPLIB X distances are already integral (nint).
DOUBLE_SCALE = 1000


def load():
    path, time_limit, out = sys.argv[1], float(sys.argv[2]), sys.argv[3]
    with open(path) as f:
        instance = json.load(f)
    return instance, time_limit, out


def seed():
    return int(sys.argv[4]) if len(sys.argv) > 4 else 1


def scale(instance):
    return 1 if instance["rounding"] == "nint" else DOUBLE_SCALE


def distance_matrix(instance):
    xs, ys, k = instance["x"], instance["y"], scale(instance)
    n = len(xs)
    matrix = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            d = math.hypot(xs[a] - xs[b], ys[a] - ys[b])
            matrix[a][b] = math.floor(d + 0.5) if instance["rounding"] == "nint" else round(d * k)
    return matrix


def horizon(instance, value):
    """Scaled time value; unbounded windows (null in JSON) get a large finite bound."""
    return 10**12 if value is None else round(value * scale(instance))


def fleet_size(instance):
    """Unlimited fleets get a generous bound: twice the trivial lower bound, plus slack."""
    if instance["vehicles"] != "unlimited":
        return instance["vehicles"]
    total = sum(instance["demand"])
    return min(len(instance["x"]) - 1, 2 * math.ceil(total / instance["capacity"]) + 5)


def save(out, routes, started, time_to_best=None):
    result = {"routes": routes, "runtime": time.time() - started}
    if time_to_best is not None:
        result["time_to_best"] = time_to_best
    with open(out, "w") as f:
        json.dump(result, f)
