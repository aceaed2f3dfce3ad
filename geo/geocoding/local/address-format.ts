/**
 * The one-line address shown to users, in the order of the countries of the demo map (number,
 * street, postcode and city); the country is left out (the marker's formatted_address has none).
 */
export function formatAddress(parts: {
  houseNumber?: string | undefined;
  street?: string | undefined;
  postcode?: string | undefined;
  city?: string | undefined;
}): string {
  const first = [parts.houseNumber, parts.street].filter(Boolean).join(' ');
  const second = [parts.postcode, parts.city].filter(Boolean).join(' ');
  return [first, second].filter(Boolean).join(', ');
}
