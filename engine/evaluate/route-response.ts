import { echoStopCustom, withEchoedCustom } from '../../model/custom.js';
import { formatDatetime } from '../../model/formats/date.js';
import { formatTimespan } from '../../model/formats/timespan.js';
import { formatLatLon } from '../../model/latlon.js';
import type { ResolvedDepot } from '../../model/resolve.js';
import type { RouteResponse, StopResponse } from '../../model/types/responses.js';
import type { CompiledRoute } from './compiled-route.js';
import type { TimelineResult, TimelineTrace, TraceStop } from './timeline.js';

const secondsPerDay = 86400;

function depotStop(c: CompiledRoute, which: 'start' | 'end'): { id: string; depot: ResolvedDepot | undefined } {
  const depot = which === 'start' ? c.settings.startDepot : c.settings.endDepot;
  const marker = which === 'start' ? c.settings.start : c.settings.end;
  return { id: depot?.id ?? marker?.id ?? `${c.route.id}:${which}`, depot };
}

/** Stop ids: the job, depot or break id (notes §1.5); overnight stops are named after the day that ends with the night. */
function stopIdentity(c: CompiledRoute, stop: TraceStop, first: boolean): Pick<StopResponse, 'id' | 'job' | 'previous_job' | 'custom'> {
  switch (stop.type) {
    case 'job': {
      const job = c.jobs[stop.ref]!;
      return { id: job.id, job: job.id, ...echoStopCustom('job', job) };
    }
    case 'job_exit':
      return { id: c.jobs[stop.ref]!.id, previous_job: c.jobs[stop.ref]!.id };
    case 'break': {
      const driverBreak = c.breaks[stop.ref]!;
      return { id: driverBreak.id ?? driverBreak.name ?? `break_${stop.ref + 1}` };
    }
    case 'legal_break':
      return { id: `legal_break_${stop.ref + 1}` };
    case 'overnight':
      return { id: first ? c.context.previousDay!.routeId : c.route.id };
    case 'depot': {
      const { id, depot } = depotStop(c, first ? 'start' : 'end');
      return { id, ...echoStopCustom('depot', depot) };
    }
  }
}

/** The route_response of a traced timeline (model/types/responses.ts), with every calculated value. */
export function routeResponse(c: CompiledRoute, trace: TimelineTrace, result: TimelineResult): RouteResponse {
  const route = c.route;
  const date = route.date;
  const stops: StopResponse[] = trace.stops.map((stop, index) => {
    // Built field by field in the schema's order: spreads cost more than the timeline itself.
    const { custom, ...identity } = stopIdentity(c, stop, index === 0);
    const response = identity as StopResponse;
    response.type = stop.type;
    if (date === undefined) response.arrival_time = formatTimespan(stop.arrival);
    else response.arrival_datetime = formatDatetime(date * secondsPerDay + stop.arrival);
    response.distance_to_meters = stop.distanceTo;
    response.time_to = formatTimespan(stop.timeTo);
    response.idle_time = formatTimespan(stop.idle);
    response.time_on_site = formatTimespan(stop.onSite);
    if (stop.type === 'depot' || stop.type === 'overnight') response.location = formatLatLon(c.travel.pointAt(stop.point));
    if (custom !== undefined) response.custom = custom;
    response.violations = stop.violations;
    return response;
  });
  const used = stops.length > 0;
  return withEchoedCustom(
    {
      id: route.id,
      ...(route.name !== undefined ? { name: route.name } : {}),
      cost: result.cost,
      internal_cost: result.internalCost,
      distance_meters: result.distance,
      driving_time: formatTimespan(result.driving),
      working_time: formatTimespan(result.working),
      ...(date !== undefined && used ? { planned_start_date_time: formatDatetime(date * secondsPerDay + result.start) } : {}),
      stops,
      ...(route.vehicle ? { vehicle: route.vehicle.id } : {}),
      violations: trace.routeViolations,
      ...(c.context.previousDay ? { previous_multiday_day: c.context.previousDay.routeId } : {}),
      ...(c.context.nextDay ? { next_multiday_day: c.context.nextDay } : {}),
    },
    route,
  );
}
