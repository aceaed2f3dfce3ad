import { nameKey, unorderedKey } from '../text/normalize.js';
import { parseQuery } from './query-parser.js';

/** The keys a customer address is stored and looked up by: the same for the list and the query. */
export function customerAddressKeys(text: string): { addressKey: string; unorderedKey: string; houseNumberKey: string } {
  return { addressKey: nameKey(text), unorderedKey: unorderedKey(text), houseNumberKey: parseQuery(text).houseNumbers[0] ?? '' };
}
