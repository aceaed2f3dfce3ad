import { editDistance } from './token-similarity.js';

/**
 * Address text in a canonical form, so that "Av. du Général-de-Gaulle" and "avenue general de
 * gaulle" compare equal: no accents, lower case, punctuation as spaces, street types and titles
 * reduced to one abbreviation, and articles dropped (they are often left out or swapped).
 */

/** Words that mean the same thing, mapped to one canonical spelling. */
const canonical: Record<string, string> = {
  avenue: 'av',
  ave: 'av',
  boulevard: 'bd',
  boul: 'bd',
  bld: 'bd',
  blvd: 'bd',
  r: 'rue',
  place: 'pl',
  chemin: 'ch',
  route: 'rte',
  impasse: 'imp',
  allee: 'all',
  allees: 'all',
  square: 'sq',
  escalier: 'esc',
  escaliers: 'esc',
  promenade: 'prom',
  quai: 'qu',
  qua: 'qu',
  saint: 'st',
  sainte: 'ste',
  general: 'gen',
  gal: 'gen',
  president: 'pdt',
  docteur: 'dr',
  doctor: 'dr',
  street: 'str',
  road: 'rd',
  drive: 'dr',
  lane: 'ln',
  premier: '1er',
  first: '1st',
};

/** Street-type words: a query that leaves one out (or uses another) still means the same street. */
export const streetTypes = new Set([
  'av',
  'bd',
  'rue',
  'pl',
  'ch',
  'rte',
  'imp',
  'all',
  'sq',
  'esc',
  'prom',
  'qu',
  'str',
  'rd',
  'ln',
  'tunnel',
  'pont',
  'rond',
  'point',
  'voie',
  'lacets',
  'virage',
  'corniche',
]);

const stopWords = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'l', 'd', 'the', 'of', 'et', 'and']);

/** Lower case without accents; every run of non-alphanumeric characters becomes one space. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[æ]/g, 'ae')
    .replace(/[œ]/g, 'oe')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const longWords = Object.keys(canonical).filter((word) => word.length >= 5);

/** The canonical form of a word, also for a misspelt long one ("avnue", "boulevrad"). */
function canonicalWord(word: string): string {
  const exact = canonical[word];
  if (exact) return exact;
  if (word.length >= 5 && !/\d/.test(word)) {
    const allowed = word.length >= 8 ? 2 : 1;
    const near = longWords.find(
      (known) => Math.abs(known.length - word.length) <= allowed && editDistance(known, word, allowed) <= allowed,
    );
    if (near) return canonical[near]!;
  }
  return word;
}

/** Canonical tokens of a text, articles dropped, in their original order. */
export function addressTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const word of foldText(text).split(' ')) {
    if (!word || stopWords.has(word)) continue;
    tokens.push(canonicalWord(word));
  }
  return tokens;
}

/** The canonical key of a name (street, place): its tokens joined by single spaces. */
export function nameKey(text: string): string {
  return addressTokens(text).join(' ');
}

/** A key that ignores word order: the sorted canonical tokens. */
export function unorderedKey(text: string): string {
  return addressTokens(text).sort().join(' ');
}

/** House numbers compare without spaces or case: "12 B", "12b" and "12B" are one number. */
export function houseNumberKey(text: string): string {
  return foldText(text).replace(/ /g, '');
}
