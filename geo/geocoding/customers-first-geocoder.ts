import type { GeocodeQuery, GeocodeSuggestion, Geocoder } from './geocoder.js';
import { customerAddressKeys } from './local/customer-keys.js';
import type { CustomerAddresses } from './ports.js';
import { WrappingGeocoder } from './wrapping-geocoder.js';

/**
 * The customers' own address lists first (they know their addresses better than any map), then
 * whatever the main geocoder suggests. An exact customer match spares the main geocoder the call.
 */
export class CustomersFirstGeocoder extends WrappingGeocoder {
  constructor(
    private readonly customers: CustomerAddresses,
    main: Geocoder,
  ) {
    super(main);
  }

  override async geocode(query: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeSuggestion[]> {
    const keys = customerAddressKeys(query.text);
    const matches = (
      await this.customers.match(query.account, keys.addressKey, keys.unorderedKey, keys.houseNumberKey, query.maxResults, signal)
    ).filter((m) => !query.country || !m.country || m.country.toUpperCase() === query.country.toUpperCase());
    const own: GeocodeSuggestion[] = matches.map((m) => ({
      location: m.location,
      formattedAddress: m.address,
      ...(m.country ? { country: m.country } : {}),
      confidence: Math.round(m.similarity * 1000) / 1000,
    }));
    if (own.length >= query.maxResults || own.some((s) => s.confidence === 1)) return own.slice(0, query.maxResults);
    const rest = await this.inner.geocode(query, signal);
    return [...own, ...rest.filter((s) => !own.some((o) => o.formattedAddress === s.formattedAddress))].slice(0, query.maxResults);
  }
}
