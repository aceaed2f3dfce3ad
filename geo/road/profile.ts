import type { OsmTags } from './pbf/osm-pbf-reader.js';

/**
 * How OSM tags turn into routable roads for each vehicle profile. Speeds follow the usual
 * defaults of open routing engines (OSRM's car profile): a table by highway class, or 80 % of a
 * posted `maxspeed` (traffic rarely flows at the limit); trucks are capped lower.
 */

export const profileNames = ['auto', 'truck'] as const;
export type ProfileName = (typeof profileNames)[number];

/** The truck every `truck` route assumes, since requests carry no dimensions (dangerous goods are per vehicle). */
export const referenceTruck = { heightMeters: 4.0, weightTonnes: 18 } as const;

/** Speeds in km/h by highway class; a class missing here is not routable by motor vehicles. */
const autoSpeedByClass: Readonly<Record<string, number>> = {
  motorway: 90,
  motorway_link: 45,
  trunk: 85,
  trunk_link: 40,
  primary: 65,
  primary_link: 30,
  secondary: 55,
  secondary_link: 25,
  tertiary: 40,
  tertiary_link: 20,
  unclassified: 25,
  residential: 25,
  living_street: 10,
  service: 15,
  road: 20,
};

const truckSpeedCapByClass: Readonly<Record<string, number>> = {
  motorway: 80,
  motorway_link: 40,
  trunk: 75,
  trunk_link: 35,
  primary: 60,
  secondary: 50,
  tertiary: 40,
};

const maxspeedShare = 0.8;
const ferrySpeedKmh = 5;

/** Where stopping at the kerb is unsafe or impossible (`on_street` locations avoid them). */
const noStoppingClasses = new Set(['motorway', 'motorway_link', 'trunk', 'trunk_link']);

const deniedAccess = new Set(['no', 'private', 'agricultural', 'forestry', 'emergency', 'psv', 'bus', 'military', 'use_sidepath']);

const accessKeys: Readonly<Record<ProfileName, readonly string[]>> = {
  auto: ['access', 'vehicle', 'motor_vehicle', 'motorcar'],
  truck: ['access', 'vehicle', 'motor_vehicle', 'hgv'],
};

export const segmentFlagFerry = 1;
export const segmentFlagToll = 2;
export const segmentFlagNoStopping = 4;
/** Closed to dangerous goods (`hazmat=no`): avoided by vehicles with `hazmat_load_types`. */
export const segmentFlagHazmatRestricted = 8;

/** What a way means for one profile. A speed of 0 means the direction is closed. */
export interface WayTravel {
  forwardKmh: number;
  backwardKmh: number;
  /** Set for ferries with a `duration` tag: the whole crossing takes this long. */
  fixedDurationSeconds?: number;
  /** Bit set of `segmentFlag*` values. */
  flags: number;
}

/** Whether a way can be part of any profile's network; cheap pre-filter during import. */
export function isCandidateWay(tags: OsmTags): boolean {
  const highway = tags.get('highway');
  if (highway !== undefined) return highway in autoSpeedByClass;
  return tags.get('route') === 'ferry';
}

export function wayTravel(tags: OsmTags, profile: ProfileName): WayTravel | undefined {
  if (!isCandidateWay(tags) || tags.get('area') === 'yes') return undefined;
  if (!isAccessible(tags, profile)) return undefined;
  if (profile === 'truck' && !fitsReferenceTruck(tags)) return undefined;
  const flags = travelFlags(tags, profile);
  const highway = tags.get('highway');
  if (highway === undefined) return ferryTravel(tags, flags);

  const forwardKmh = directionalSpeed(tags, profile, highway, 'forward');
  const backwardKmh = directionalSpeed(tags, profile, highway, 'backward');
  const oneway = onewayOf(tags, highway);
  if (oneway === 'closed') return undefined;
  return {
    forwardKmh: oneway === 'backward' ? 0 : forwardKmh,
    backwardKmh: oneway === 'forward' ? 0 : backwardKmh,
    flags,
  };
}

function ferryTravel(tags: OsmTags, flags: number): WayTravel {
  const durationSeconds = parseDurationSeconds(tags.get('duration'));
  const travel: WayTravel = { forwardKmh: ferrySpeedKmh, backwardKmh: ferrySpeedKmh, flags: flags | segmentFlagFerry };
  if (durationSeconds !== undefined) travel.fixedDurationSeconds = durationSeconds;
  return travel;
}

function travelFlags(tags: OsmTags, profile: ProfileName): number {
  let flags = 0;
  const tollKey = profile === 'truck' ? 'toll:hgv' : 'toll:motorcar';
  const toll = tags.get(tollKey) ?? tags.get('toll');
  if (toll !== undefined && toll !== 'no') flags |= segmentFlagToll;
  const highway = tags.get('highway') ?? '';
  const tunnel = tags.get('tunnel');
  const bridge = tags.get('bridge');
  if (
    noStoppingClasses.has(highway) ||
    (tunnel !== undefined && tunnel !== 'no' && tunnel !== 'building_passage') ||
    (bridge !== undefined && bridge !== 'no')
  ) {
    flags |= segmentFlagNoStopping;
  }
  if (tags.get('hazmat') === 'no') flags |= segmentFlagHazmatRestricted;
  return flags;
}

function isAccessible(tags: OsmTags, profile: ProfileName): boolean {
  let allowed = true;
  // The most specific key that is present wins (access < vehicle < motor_vehicle < motorcar/hgv).
  for (const key of accessKeys[profile]) {
    const value = tags.get(key);
    if (value !== undefined) allowed = !deniedAccess.has(value.split(';')[0]!.trim());
  }
  return allowed;
}

function fitsReferenceTruck(tags: OsmTags): boolean {
  const maxheight = parseMeters(tags.get('maxheight'));
  if (maxheight !== undefined && maxheight < referenceTruck.heightMeters) return false;
  const maxweight = parseTonnes(tags.get('maxweight') ?? tags.get('maxweight:hgv'));
  if (maxweight !== undefined && maxweight < referenceTruck.weightTonnes) return false;
  return true;
}

function directionalSpeed(tags: OsmTags, profile: ProfileName, highway: string, direction: 'forward' | 'backward'): number {
  const classSpeed = autoSpeedByClass[highway]!;
  const posted = parseMaxspeedKmh(tags.get(`maxspeed:${direction}`) ?? tags.get('maxspeed'));
  let speed = posted !== undefined ? posted * maxspeedShare : classSpeed;
  if (profile === 'truck') {
    const postedForTrucks = parseMaxspeedKmh(tags.get('maxspeed:hgv'));
    if (postedForTrucks !== undefined) speed = Math.min(speed, postedForTrucks * maxspeedShare);
    speed = Math.min(speed, truckSpeedCapByClass[highway] ?? speed);
  }
  return Math.max(speed, 1);
}

type Oneway = 'both' | 'forward' | 'backward' | 'closed';

function onewayOf(tags: OsmTags, highway: string): Oneway {
  const oneway = tags.get('oneway');
  if (oneway === 'yes' || oneway === 'true' || oneway === '1') return 'forward';
  if (oneway === '-1' || oneway === 'reverse') return 'backward';
  // Reversible and alternating roads change direction over the day: unusable without a schedule.
  if (oneway === 'reversible' || oneway === 'alternating') return 'closed';
  if (oneway === 'no' || oneway === 'false' || oneway === '0') return 'both';
  const junction = tags.get('junction');
  if (junction === 'roundabout' || junction === 'circular') return 'forward';
  if (highway === 'motorway') return 'forward';
  return 'both';
}

const implicitMaxspeedKmh: Readonly<Record<string, number>> = {
  urban: 50,
  rural: 90,
  motorway: 130,
  trunk: 110,
  living_street: 20,
  walk: 7,
};

export function parseMaxspeedKmh(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim().toLowerCase();
  if (text === 'walk') return implicitMaxspeedKmh.walk;
  const zone = /^[a-z]{2}:([a-z_]+)$/.exec(text);
  if (zone) return implicitMaxspeedKmh[zone[1]!];
  const number = /^(\d+(?:\.\d+)?)\s*(mph|knots|km\/h|kmh)?$/.exec(text);
  if (!number) return undefined;
  const amount = Number(number[1]);
  if (!(amount > 0)) return undefined;
  if (number[2] === 'mph') return amount * 1.609344;
  if (number[2] === 'knots') return amount * 1.852;
  return amount;
}

export function parseMeters(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim().toLowerCase();
  const feetInches = /^(\d+)\s*'\s*(?:(\d+)\s*")?$/.exec(text);
  if (feetInches) return Number(feetInches[1]) * 0.3048 + Number(feetInches[2] ?? 0) * 0.0254;
  const meters = /^(\d+(?:\.\d+)?)\s*(m)?$/.exec(text);
  return meters ? Number(meters[1]) : undefined;
}

export function parseTonnes(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)\s*(t|kg|lbs|st)?$/.exec(value.trim().toLowerCase());
  if (!match) return undefined;
  const amount = Number(match[1]);
  if (match[2] === 'kg') return amount / 1000;
  if (match[2] === 'lbs') return amount * 0.00045359237;
  if (match[2] === 'st') return amount * 0.90718474;
  return amount;
}

/** OSM durations: `mm`, `hh:mm` or `hh:mm:ss`. */
export function parseDurationSeconds(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parts = value.trim().split(':').map(Number);
  if (parts.length === 0 || parts.length > 3 || parts.some((part) => !Number.isFinite(part) || part < 0)) return undefined;
  if (parts.length === 1) return parts[0]! * 60;
  if (parts.length === 2) return parts[0]! * 3600 + parts[1]! * 60;
  return parts[0]! * 3600 + parts[1]! * 60 + parts[2]!;
}
