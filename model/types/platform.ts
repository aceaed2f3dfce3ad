import { Type, type Static } from '@sinclair/typebox';
import { DateRange, Id } from './common.js';
import { Problem } from './problem.js';
import { ProblemResponse } from './responses.js';

/** Longest date range a pull or sync may cover. */
export const MAX_PLATFORM_RANGE_DAYS = 366;

const ConnectionName = Type.Optional(
  Type.String({
    minLength: 1,
    description: "Name of one of the account's platform connections; may be left out when the account has exactly one.",
  }),
);

export const PlatformPullRequest = Type.Object(
  {
    connection: ConnectionName,
    territory: Type.String({ minLength: 1 }),
    date_range: DateRange,
  },
  { $id: 'platform_pull_request', description: `The range is inclusive, at most ${MAX_PLATFORM_RANGE_DAYS} days.` },
);

export const PlatformSyncRequest = Type.Object(
  {
    connection: ConnectionName,
    territory: Type.String({ minLength: 1 }),
    date_range: DateRange,
    run_id: Type.String({
      minLength: 1,
      description: "Syncing the same run again replaces that run's routes of the territory and nothing else.",
    }),
    // problem: the problem the plan answers (e.g. build's return_request answer): gives routes their driver and date.
    plan: ProblemResponse,
    problem: Type.Optional(Problem),
  },
  { $id: 'platform_sync_request' },
);

export const PlatformTerritory = Type.Object(
  { id: Id, name: Type.String(), timezone: Type.Optional(Type.String()) },
  { $id: 'platform_territory' },
);

export const PlatformRowFault = Type.Object(
  {
    source: Type.String({ description: 'File name (CSV folder) or table name (PostgreSQL schema).' }),
    line: Type.Union([Type.Integer(), Type.String()], { description: "1-based line (the header is line 1), or the table row's id." }),
    column: Type.Optional(Type.String()),
    message: Type.String(),
  },
  { $id: 'platform_row_fault' },
);

export const PlatformAddress = Type.Object(
  {
    kind: Type.Union([Type.Literal('job'), Type.Literal('depot')]),
    id: Id,
    query: Type.String(),
    country: Type.Optional(Type.String()),
  },
  { $id: 'platform_address', description: 'An entity of the pulled problem that has an address but no location yet.' },
);

export const PlatformPullResponse = Type.Object(
  {
    territory: PlatformTerritory,
    date_range: DateRange,
    problem: Problem,
    addresses: Type.Array(PlatformAddress),
    row_faults: Type.Array(PlatformRowFault),
  },
  { $id: 'platform_pull_response' },
);

export const PlatformSyncResponse = Type.Object(
  {
    routes: Type.Integer(),
    stops: Type.Integer(),
    unchanged: Type.Boolean({ description: 'True when the stored rows of this run were already exactly these: nothing was written.' }),
    destination: Type.String({ description: 'A folder path, or schema.table names.' }),
  },
  { $id: 'platform_sync_response' },
);

export const PlatformTerritoriesResponse = Type.Object(
  { connection: Type.String(), territories: Type.Array(PlatformTerritory) },
  { $id: 'platform_territories_response' },
);

export type PlatformPullRequest = Static<typeof PlatformPullRequest>;
export type PlatformSyncRequest = Static<typeof PlatformSyncRequest>;
export type PlatformPullResponse = Static<typeof PlatformPullResponse>;
export type PlatformSyncResponse = Static<typeof PlatformSyncResponse>;
export type PlatformTerritoriesResponse = Static<typeof PlatformTerritoriesResponse>;
