import { allFailedError } from '../../../geo/geocoding/geocode-responses.js';
import { GeoserviceError } from '../../../geo/geocoding/geoservice-error.js';
import { parseQuery } from '../../../geo/geocoding/local/query-parser.js';
import { addressTokens, nameKey, unorderedKey } from '../../../geo/geocoding/text/normalize.js';
import { tokenSimilarity } from '../../../geo/geocoding/text/token-similarity.js';
import { backoffDelayMs, retryAfterMs } from '../../../geo/geocoding/upstream/backoff.js';

describe('address text', () => {
  it('folds accents, case, punctuation, street types and articles', () => {
    expect(nameKey('Av. du Général-de-Gaulle')).toBe(nameKey('avenue general de gaulle'));
    expect(nameKey('BD D’ITALIE')).toBe(nameKey("Boulevard d'Italie"));
    expect(nameKey('Avnue Princesse Grace')).toBe(nameKey('Avenue Princesse Grace'));
    expect(addressTokens('Place Sainte-Dévote')).toEqual(['pl', 'ste', 'devote']);
    expect(unorderedKey('Costa Avenue 12')).toBe(unorderedKey('12 av. de la Costa'));
  });

  it('allows one typo in words of four letters or more, none in numbers or short words', () => {
    expect(tokenSimilarity('grimaldi', 'grimadli')).toBeGreaterThan(0.8);
    expect(tokenSimilarity('rue', 'rua')).toBe(0);
    expect(tokenSimilarity('1945', '1946')).toBe(0);
    expect(tokenSimilarity('princesse', 'princ')).toBe(0.6);
  });

  it('parses house numbers and postcodes in any order', () => {
    expect(parseQuery('98000 Monaco, Quai Antoine 1er 6')).toMatchObject({ houseNumbers: ['6'], postcode: '98000' });
    expect(parseQuery('12 bis rue Grimaldi')).toMatchObject({ houseNumbers: ['12bis'], words: ['12bis', 'rue', 'grimaldi'] });
  });
});

describe('retry timing', () => {
  it('backs off exponentially with jitter up to a ceiling', () => {
    expect(backoffDelayMs(1, 100, 10000, () => 0)).toBe(50);
    expect(backoffDelayMs(3, 100, 10000, () => 1)).toBe(400);
    expect(backoffDelayMs(20, 100, 1000, () => 1)).toBe(1000);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});

describe('the error of a request where every address failed', () => {
  it('names the upstream unavailable when it was, else geostream_unavailable with the worst per-address cause', () => {
    const error = (code: GeoserviceError['code']): GeoserviceError => new GeoserviceError(code, code, false);
    expect(allFailedError([error('geoservice_error'), error('geoservice_unavailable')], 'address').error_code).toBe(
      'geoservice_unavailable',
    );
    const exhausted = allFailedError([error('geoservice_error'), error('geoservice_exceeded_maximum_retries')], 'address');
    expect(exhausted.error_code).toBe('geostream_unavailable');
    expect(exhausted.message).toContain('geoservice_exceeded_maximum_retries');
    expect(allFailedError([error('geoservice_error')], 'location')).toMatchObject({
      status_code: 500,
      error_code: 'geostream_unavailable',
      message: expect.stringContaining('geoservice_error'),
    });
  });
});
