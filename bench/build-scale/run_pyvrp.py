"""PyVRP on a build-scale problem, as a peer of wayplan's build, on wayplan's own objective.

Reads the JSON written by bench/build-scale/peer-plan.ts, solves with one thread (PyVRP has no
other) on the seed given until the time limit, and writes {"routes": [[job numbers] per route],
"seconds": wall, "peak_mb": resident}. wayplan's evaluator prices and checks the plan.

PyVRP prices what wayplan's cost prices: every metre, and every second from the route's start
(its vehicle leaves at the start of its window, as wayplan's routes do without
optimize_start_time) to its return, waiting included. A job with several allowed dates is one
client per date in a group of which at most one is visited; every client is optional, with a prize
above what any one job adds to a route, so that routing a job comes first, as it does for wayplan;
or, when the input says so, every job is required.
"""
from collections import defaultdict

import numpy
from pyvrp import Client, ClientGroup, Depot, Location, PenaltyParams, ProblemData, SolveParams, VehicleType, solve
from pyvrp.stop import MaxRuntime

from peer_io import load, matrix, remaining, save

# PyVRP's costs are integers: micro-dollars.
UNIT = 1_000_000
# US$ 200 a job: more than any one job adds to a route of ten hours (US$ 100 of time, a few hundred
# kilometres), so that routing a job comes first.
PRIZE = 200 * UNIT
# PyVRP's penalties per unit of excess load or lateness stop at 100,000 by default: beside prizes of
# 2e8 that is nothing, and its search then keeps to plans that overload routes to route more jobs.
PENALTIES = PenaltyParams(max_penalty=1e12)

spec = load()
# With "required" every job must be routed (the bench's --required, for problems where all can be):
# PyVRP then searches among plans that route them all instead of weighing prizes.
required = spec["required"]


locations = [Location(x=point["lon"], y=point["lat"]) for point in spec["points"]]
depot_places = sorted({vehicle["place"] for vehicle in spec["vehicles"]})
depot_of = {place: index for index, place in enumerate(depot_places)}
depots = [Depot(location=place) for place in depot_places]

# Routes alike (place, window, capacity, prices) are one vehicle type; its routes in the order given.
kinds = defaultdict(list)
for number, vehicle in enumerate(spec["vehicles"]):
    key = (vehicle["place"], *vehicle["window"], vehicle.get("capacity"), vehicle["cost_per_km"], vehicle["cost_per_hour"])
    kinds[key].append(number)
vehicle_types = []
for (place, early, late, capacity, per_km, per_hour), numbers in kinds.items():
    vehicle_types.append(
        VehicleType(
            num_available=len(numbers),
            capacity=[capacity] if capacity is not None else [],
            start_depot=depot_of[place],
            end_depot=depot_of[place],
            tw_early=early,
            tw_late=late,
            start_late=early,
            unit_distance_cost=round(per_km * UNIT / 1000),
            unit_duration_cost=round(per_hour * UNIT / 3600),
        )
    )

clients, owner, groups = [], [], []
for number, job in enumerate(spec["jobs"]):
    group = len(groups) if len(job["windows"]) > 1 else None
    if group is not None:
        groups.append(ClientGroup(list(range(len(clients), len(clients) + len(job["windows"]))), required=required))
    for early, late in job["windows"]:
        clients.append(
            Client(
                location=job["place"],
                delivery=[job["load"]] if "load" in job else [],
                service_duration=job["service"],
                tw_early=early,
                tw_late=late,
                prize=0 if required else PRIZE,
                required=required and group is None,
                group=group,
            )
        )
        owner.append(number)

data = ProblemData(
    locations=locations,
    clients=clients,
    depots=depots,
    vehicle_types=vehicle_types,
    distance_matrices=[matrix(spec, "distances").astype(numpy.int64)],
    duration_matrices=[matrix(spec, "durations").astype(numpy.int64)],
    groups=groups,
)
result = solve(
    data,
    stop=MaxRuntime(remaining(spec)),
    seed=spec["seed"],
    collect_stats=False,
    display=False,
    params=SolveParams(penalty=PENALTIES),
)

routes = [[] for _ in spec["vehicles"]]
free = {index: list(numbers) for index, numbers in enumerate(kinds.values())}
for route in result.best.routes():
    # Client activities are numbered 0.. in the order the clients were given.
    routes[free[route.vehicle_type()].pop(0)] = [owner[activity.idx] for activity in route if activity.is_client()]
save(routes)
