import { Type, type Static } from '@sinclair/typebox';
import { Id, LatLonString } from './common.js';
import { Job } from './job.js';

export const ConsolidatedJob = Type.Object(
  {
    job: Id,
    jobs: Type.Array(Id, { description: 'The original jobs this linked job replaces, in the order a vehicle drives past them.' }),
  },
  { $id: 'consolidated_job' },
);

export const ConsolidateResponse = Type.Object(
  {
    jobs: Type.Array(Job, {
      description: 'The jobs after consolidation: linked jobs in place of the jobs they merge, every other job unchanged.',
    }),
    consolidated_jobs: Type.Array(ConsolidatedJob),
    straight_line_fallback_locations: Type.Optional(
      Type.Array(LatLonString, {
        description: 'Job locations not placed on a street (off the map, or no road network configured): those jobs merge with nothing.',
      }),
    ),
  },
  {
    $id: 'consolidate_response',
    description:
      'Answer of both consolidations; with return_request the whole problem with these jobs and consolidated_jobs. To go back to the original jobs, replace each linked job in a plan by its jobs and evaluate.',
  },
);

export type ConsolidatedJob = Static<typeof ConsolidatedJob>;
export type ConsolidateResponse = Static<typeof ConsolidateResponse>;
