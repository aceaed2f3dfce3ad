import { Type, type Static } from '@sinclair/typebox';
import { CapacityMetric, JobType } from './capacity.js';
import { Custom } from './common.js';
import { Depot, Driver, Shift, ShiftOverride, ShiftPattern, Vehicle } from './fleet.js';
import { Job } from './job.js';
import { Marker } from './marker.js';
import { UnroutedJob } from './responses.js';
import { Route } from './route.js';
import { Schedule, Zone } from './schedule.js';
import { ReadOnly } from './schema.js';
import { Settings } from './settings.js';

/** The envelope every optimization request shares; operations add their own fields to it. */
export const ProblemFields = {
  id: Type.Optional(Type.String({ description: 'Client request id (not an entity id).' })),
  name: Type.Optional(Type.String()),
  custom: Type.Optional(Custom),
  return_request: Type.Optional(Type.Boolean()),
  settings: Type.Optional(Settings),
  markers: Type.Optional(Type.Array(Marker)),
  capacity_metrics: Type.Optional(Type.Array(CapacityMetric)),
  job_types: Type.Optional(Type.Array(JobType)),
  depots: Type.Optional(Type.Array(Depot)),
  vehicles: Type.Optional(Type.Array(Vehicle)),
  shifts: Type.Optional(Type.Array(Shift)),
  shift_patterns: Type.Optional(Type.Array(ShiftPattern)),
  shift_overrides: Type.Optional(Type.Array(ShiftOverride, { description: 'Problem-level: for all drivers.' })),
  drivers: Type.Optional(Type.Array(Driver)),
  jobs: Type.Optional(Type.Array(Job)),
  schedules: Type.Optional(Type.Array(Schedule)),
  zones: Type.Optional(Type.Array(Zone)),
  routes: Type.Optional(Type.Array(Route)),
  unrouted_jobs: Type.Optional(ReadOnly(Type.Array(UnroutedJob))),
};

export const Problem = Type.Object(ProblemFields, { $id: 'problem' });

export type Problem = Static<typeof Problem>;
