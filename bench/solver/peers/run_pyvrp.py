"""PyVRP (HGS) on one instance: single thread, MaxRuntime stop, integer data (see common.py)."""
import time

from pyvrp import Model
from pyvrp.stop import MaxRuntime

from common import distance_matrix, fleet_size, horizon, load, save, seed

instance, time_limit, out = load()
started = time.time()
depot = instance["depot"]
n = len(instance["x"])
matrix = distance_matrix(instance)
k = 1 if instance["rounding"] == "nint" else 1000

model = Model()
locations = [model.add_location(x=instance["x"][i], y=instance["y"][i]) for i in range(n)]
depot_ref = model.add_depot(
    locations[depot],
    tw_early=horizon(instance, instance["ready"][depot]),
    tw_late=horizon(instance, instance["due"][depot]),
)
model.add_vehicle_type(
    num_available=fleet_size(instance),
    capacity=instance["capacity"],
    start_depot=depot_ref,
    end_depot=depot_ref,
    tw_early=horizon(instance, instance["ready"][depot]),
    tw_late=horizon(instance, instance["due"][depot]),
)
customers = [i for i in range(n) if i != depot]
for i in customers:
    model.add_client(
        locations[i],
        delivery=int(instance["demand"][i]),
        service_duration=round(instance["service"][i] * k),
        tw_early=horizon(instance, instance["ready"][i]),
        tw_late=horizon(instance, instance["due"][i]),
    )
for a in range(n):
    for b in range(n):
        model.add_edge(locations[a], locations[b], distance=matrix[a][b], duration=matrix[a][b])

solving = time.time()
result = model.solve(stop=MaxRuntime(time_limit - (solving - started)), seed=seed(), display=False, collect_stats=True)
# Client activities are numbered 0.. in insertion order.
routes = [[customers[activity.idx] for activity in route if activity.is_client()] for route in result.best.routes()]
# The time to best counts from the runner's start, as the run time does: the first iteration after
# which the best solution was the final one (its statistics hold the best cost after each iteration).
final = result.stats.data[-1].best_cost if result.stats.data else None
elapsed = solving - started
time_to_best = elapsed
for runtime, datum in zip(result.stats.runtimes, result.stats.data):
    elapsed += runtime
    if datum.best_feas and datum.best_cost == final:
        time_to_best = elapsed
        break
save(out, routes, started, time_to_best)
