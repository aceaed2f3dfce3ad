"""OR-Tools routing: guided local search, single thread, time limit, integer data (see common.py)."""
import time

from ortools.constraint_solver import pywrapcp, routing_enums_pb2

from common import distance_matrix, fleet_size, horizon, load, save

instance, time_limit, out = load()
started = time.time()
depot = instance["depot"]
n = len(instance["x"])
matrix = distance_matrix(instance)
k = 1 if instance["rounding"] == "nint" else 1000
vehicles = fleet_size(instance)

manager = pywrapcp.RoutingIndexManager(n, vehicles, depot)
routing = pywrapcp.RoutingModel(manager)


def arc(i, j):
    return matrix[manager.IndexToNode(i)][manager.IndexToNode(j)]


def travel_and_service(i, j):
    a = manager.IndexToNode(i)
    return round(instance["service"][a] * k) + matrix[a][manager.IndexToNode(j)]


routing.SetArcCostEvaluatorOfAllVehicles(routing.RegisterTransitCallback(arc))
has_windows = any(due is not None for due in instance["due"])
if has_windows:
    end = horizon(instance, instance["due"][depot])
    routing.AddDimension(routing.RegisterTransitCallback(travel_and_service), end, end, False, "Time")
    time_dimension = routing.GetDimensionOrDie("Time")
    for node in range(n):
        if node == depot:
            continue
        time_dimension.CumulVar(manager.NodeToIndex(node)).SetRange(
            horizon(instance, instance["ready"][node]), horizon(instance, instance["due"][node])
        )
    for v in range(vehicles):
        time_dimension.CumulVar(routing.Start(v)).SetRange(horizon(instance, instance["ready"][depot]), end)
        time_dimension.CumulVar(routing.End(v)).SetRange(horizon(instance, instance["ready"][depot]), end)
demand = routing.RegisterUnaryTransitCallback(lambda i: int(instance["demand"][manager.IndexToNode(i)]))
routing.AddDimensionWithVehicleCapacity(demand, 0, [int(instance["capacity"])] * vehicles, True, "Load")

parameters = pywrapcp.DefaultRoutingSearchParameters()
parameters.first_solution_strategy = routing_enums_pb2.FirstSolutionStrategy.PATH_CHEAPEST_ARC
parameters.local_search_metaheuristic = routing_enums_pb2.LocalSearchMetaheuristic.GUIDED_LOCAL_SEARCH
parameters.time_limit.FromMilliseconds(int(max(0.1, time_limit - (time.time() - started)) * 1000))
solution = routing.SolveWithParameters(parameters)

routes = []
if solution:
    for v in range(vehicles):
        index = routing.Start(v)
        route = []
        index = solution.Value(routing.NextVar(index))
        while not routing.IsEnd(index):
            route.append(manager.IndexToNode(index))
            index = solution.Value(routing.NextVar(index))
        if route:
            routes.append(route)
save(out, routes, started)
