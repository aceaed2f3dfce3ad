import type { LatLon } from '../../../model/latlon.js';
import type { GeocodeQuery, GeocodeSuggestion, Geocoder } from '../geocoder.js';
import type { GazetteerIndex, IndexedFeature } from '../ports.js';
import { localityMatches, matchName } from './name-match.js';
import { parseQuery, type ParsedQuery } from './query-parser.js';
import { reverseGeocode } from './reverse.js';

/** Street candidates fetched by trigram similarity before the geocoder ranks them. */
const candidateCount = 60;
/** Below this share of a name found in the query, the feature is not what the query means. */
const minimumCoverage = 0.5;

interface Ranked {
  suggestion: GeocodeSuggestion;
  key: string;
}

/**
 * Geocodes against the index of a map extract: OpenStreetMap addresses, streets, places and
 * postcodes, matched word by word (accents, abbreviations, word order and typos forgiven).
 */
export class LocalGeocoder implements Geocoder {
  readonly name = 'local';

  constructor(
    private readonly index: GazetteerIndex,
    /** The indexed map's hash; the index is built on first use by whoever provides it. */
    private readonly mapHash: () => Promise<string>,
  ) {}

  async geocode(query: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeSuggestion[]> {
    const mapHash = await this.mapHash();
    const parsed = parseQuery(query.text);
    const searchText = parsed.words.join(' ') || parsed.postcode || '';
    const ranked = searchText ? await this.rankMap(mapHash, parsed, searchText, signal) : [];
    const seen = new Set<string>();
    return ranked
      .filter((r) => !query.country || !r.suggestion.country || r.suggestion.country.toUpperCase() === query.country.toUpperCase())
      .filter((r) => !seen.has(r.key) && seen.add(r.key))
      .slice(0, query.maxResults)
      .map((r) => r.suggestion);
  }

  reverse(point: LatLon, maxResults: number): Promise<GeocodeSuggestion[]> {
    return this.mapHash().then((mapHash) => reverseGeocode(this.index, mapHash, point, maxResults));
  }

  private async rankMap(mapHash: string, parsed: ParsedQuery, searchText: string, signal: AbortSignal | undefined): Promise<Ranked[]> {
    const candidates = await this.index.similarFeatures(mapHash, searchText, candidateCount, signal);
    const scored = candidates.map((feature) => ({ feature, ...scoreFeature(feature, parsed) })).filter((c) => c.score > 0);
    const ranked: Ranked[] = [];
    // Per street, the house number is the first number candidate its name did not take.
    const streetsByNumber = new Map<string, Map<number, number>>();
    for (const { feature, score, houseNumber } of scored) {
      if (feature.kind !== 'street' || houseNumber === undefined) continue;
      const streets = streetsByNumber.get(houseNumber) ?? new Map<number, number>();
      streets.set(feature.id, score);
      streetsByNumber.set(houseNumber, streets);
    }
    for (const [houseNumber, scoreOf] of streetsByNumber) {
      for (const address of await this.index.addressesOn([...scoreOf.keys()], houseNumber)) {
        const postcodeFactor = parsed.postcode && address.postcode && parsed.postcode !== address.postcode ? 0.9 : 1;
        ranked.push({
          key: address.formattedAddress,
          suggestion: {
            location: address.location,
            ...(address.intersection ? { intersection: address.intersection } : {}),
            formattedAddress: address.formattedAddress,
            ...(address.country ? { country: address.country } : {}),
            confidence: round(scoreOf.get(address.featureId)! * postcodeFactor),
          },
        });
      }
    }
    for (const { feature, score, houseNumber } of scored) {
      // A street stands in for a house number the map does not have, with less confidence.
      const factor = feature.kind === 'street' ? (houseNumber !== undefined ? 0.75 : 0.9) : feature.kind === 'place' ? 0.7 : 0.6;
      ranked.push({
        key: feature.formattedAddress,
        suggestion: {
          location: feature.location,
          ...(feature.kind === 'street' ? { intersection: feature.location } : {}),
          formattedAddress: feature.formattedAddress,
          ...(feature.country ? { country: feature.country } : {}),
          confidence: round(score * factor),
        },
      });
    }
    return ranked.sort((a, b) => b.suggestion.confidence - a.suggestion.confidence);
  }
}

/**
 * 0..1: the name's coverage, less for query words nothing explains, more for a matching
 * locality; with the house number the name left over.
 */
function scoreFeature(feature: IndexedFeature, parsed: ParsedQuery): { score: number; houseNumber: string | undefined } {
  const nameTokens = feature.nameKey.split(' ').filter(Boolean);
  const words = feature.kind === 'postcode' ? [parsed.postcode ?? ''] : parsed.words;
  const { coverage, unused } = matchName(nameTokens, words);
  if (coverage < minimumCoverage) return { score: 0, houseNumber: undefined };
  const houseNumber = parsed.houseNumbers.find((n) => unused.includes(n));
  const rest = unused.filter((word) => !parsed.houseNumbers.includes(word));
  const localityTokens = [...feature.localityKey.split(' '), ...(feature.city ?? '').toLowerCase().split(' ')].filter(Boolean);
  const located = localityMatches(localityTokens, rest);
  const unexplained = rest.length - located;
  const postcodeBonus = parsed.postcode && feature.postcode === parsed.postcode ? 0.02 : 0;
  return {
    score: Math.max(0, Math.min(1, coverage * (1 - 0.08 * unexplained) + Math.min(0.08, 0.04 * located) + postcodeBonus)),
    houseNumber,
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
