import type { LatLon } from '../../model/latlon.js';
import type { Gazetteer, GazetteerAddress, GazetteerFeature, GazetteerPiece } from './local/gazetteer.js';

/*
 * What the geocoders need stored, as interfaces: the storage classes (PostgreSQL in store/)
 * satisfy them structurally, and the composition root (worker/) hands them in, so that geo/ knows
 * no storage and storage knows no geocoder.
 */

/** Upstream answers by provider and normalized query key; failures are never put. */
export interface GeocodeCache {
  get(provider: string, queryKey: string): Promise<unknown[] | undefined>;
  put(provider: string, queryKey: string, suggestions: unknown[]): Promise<void>;
}

export interface CustomerAddressMatch {
  address: string;
  country: string | undefined;
  location: LatLon;
  /** 1 for the same words (in any order); else the trigram similarity of the keys. */
  similarity: number;
}

/** The address lists customers geocoded themselves. */
export interface CustomerAddresses {
  /** The account's (and everyone's) addresses that match: the same words in any order first, then close spellings with the same house number. */
  match(
    account: string | undefined,
    addressKey: string,
    unorderedKey: string,
    houseNumberKey: string,
    limit: number,
    signal?: AbortSignal,
  ): Promise<CustomerAddressMatch[]>;
}

/** A stored gazetteer feature with the id its addresses and street pieces refer to. */
export type IndexedFeature = GazetteerFeature & { id: number };

/** A stored address or street piece names its feature by id rather than by position. */
export type IndexedAddress = Omit<GazetteerAddress, 'feature' | 'houseNumberKey'> & { featureId: number };
export type IndexedPiece = Omit<GazetteerPiece, 'feature'> & { featureId: number };

/** The local geocoder's index: one gazetteer per map extract, keyed by the file's hash. */
export interface GazetteerIndex {
  hasMap(mapHash: string): Promise<boolean>;
  /** Stores a map's gazetteer unless it is there already; `build` runs only when it is missing. */
  ensureMap(mapHash: string, fileName: string, build: () => Gazetteer): Promise<{ built: boolean; counts: Record<string, number> }>;
  /** Features whose name is similar to `text`, most similar first. */
  similarFeatures(mapHash: string, text: string, limit: number, signal?: AbortSignal): Promise<IndexedFeature[]>;
  addressesOn(featureIds: readonly number[], houseNumberKey: string): Promise<IndexedAddress[]>;
  features(ids: readonly number[]): Promise<IndexedFeature[]>;
  /** Street pieces whose bounding box meets the box min–max. */
  piecesIn(mapHash: string, min: LatLon, max: LatLon): Promise<IndexedPiece[]>;
  addressesIn(mapHash: string, min: LatLon, max: LatLon): Promise<IndexedAddress[]>;
}
