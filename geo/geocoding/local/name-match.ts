import { streetTypes } from '../text/normalize.js';
import { tokenSimilarity } from '../text/token-similarity.js';

export interface NameMatch {
  /** 0..1: how much of the name the query holds (street-type words count half). */
  coverage: number;
  /** Query words the name did not use, left for the locality. */
  unused: string[];
}

/**
 * Matches a name's canonical tokens against query words in any order, each query word used at
 * most once, best pairs first (a greedy assignment is enough for names of a few words).
 */
export function matchName(nameTokens: readonly string[], words: readonly string[]): NameMatch {
  const pairs: { name: number; word: number; similarity: number }[] = [];
  nameTokens.forEach((token, n) =>
    words.forEach((word, w) => {
      const similarity = tokenSimilarity(token, word);
      if (similarity > 0) pairs.push({ name: n, word: w, similarity });
    }),
  );
  pairs.sort((a, b) => b.similarity - a.similarity);
  const nameUsed = new Set<number>();
  const wordUsed = new Set<number>();
  let matched = 0;
  for (const pair of pairs) {
    if (nameUsed.has(pair.name) || wordUsed.has(pair.word)) continue;
    nameUsed.add(pair.name);
    wordUsed.add(pair.word);
    matched += weight(nameTokens[pair.name]!) * pair.similarity;
  }
  const total = nameTokens.reduce((sum, token) => sum + weight(token), 0);
  return { coverage: total > 0 ? matched / total : 0, unused: words.filter((_, w) => !wordUsed.has(w)) };
}

function weight(token: string): number {
  return streetTypes.has(token) ? 0.5 : 1;
}

/** How many of `words` the locality tokens account for (typos allowed). */
export function localityMatches(localityTokens: readonly string[], words: readonly string[]): number {
  return words.filter((word) => localityTokens.some((token) => tokenSimilarity(token, word) >= 0.85)).length;
}
