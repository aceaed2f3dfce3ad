import { addressTokens, houseNumberKey } from '../text/normalize.js';

/** A free-text address split into what the index can look up. */
export interface ParsedQuery {
  /** Candidate house numbers (keys), most likely first. */
  houseNumbers: string[];
  postcode: string | undefined;
  /**
   * The canonical words but the postcode: street, place and locality names in any order. House
   * number candidates stay in too, since names hold numbers ("Avenue du 3 Septembre").
   */
  words: string[];
}

const houseNumber = /^\d{1,4}[a-z]?$/;
const houseNumberSuffix = new Set(['bis', 'ter', 'quater', 'a', 'b', 'c', 'd']);
/** Five-digit codes (France, Monaco, Germany, Italy, Spain, the US) are postcodes, never house numbers. */
const postcode = /^\d{5}$/;

export function parseQuery(text: string): ParsedQuery {
  const tokens = addressTokens(text);
  const houseNumbers: string[] = [];
  let code: string | undefined;
  const words: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (postcode.test(token) && code === undefined) {
      code = token;
    } else if (houseNumber.test(token)) {
      const next = tokens[i + 1];
      if (next !== undefined && houseNumberSuffix.has(next) && /\d$/.test(token)) {
        houseNumbers.push(houseNumberKey(token + next));
        words.push(houseNumberKey(token + next));
        i++;
      } else {
        houseNumbers.push(houseNumberKey(token));
        words.push(token);
      }
    } else words.push(token);
  }
  return { houseNumbers, postcode: code, words };
}
