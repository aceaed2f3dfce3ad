/**
 * Perturbs an address the way people type them: accents dropped, street types abbreviated, case
 * and word order changed, one typo in a longer word. All at once, so every query is hard.
 */
const abbreviations: [RegExp, string][] = [
  [/\bAvenue\b/i, 'Av.'],
  [/\bBoulevard\b/i, 'Bd'],
  [/\bRue\b/i, 'R.'],
  [/\bPlace\b/i, 'Pl.'],
  [/\bChemin\b/i, 'Ch.'],
  [/\bRoute\b/i, 'Rte'],
  [/\bSaint\b/i, 'St'],
  [/\bSainte\b/i, 'Ste'],
  [/\bImpasse\b/i, 'Imp.'],
];

function typo(word: string, random: () => number): string {
  const i = 1 + Math.floor(random() * (word.length - 2));
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 2:
      return word.slice(0, i) + 'e' + word.slice(i);
    default:
      return word.slice(0, i) + (word[i] === 'a' ? 'o' : 'a') + word.slice(i + 1);
  }
}

export function perturb(parts: { houseNumber?: string; street: string; locality?: string }, random: () => number): string {
  let street = parts.street.normalize('NFD').replace(/\p{M}+/gu, '');
  for (const [pattern, short] of abbreviations) street = street.replace(pattern, short);
  const words = street.split(' ');
  const long = words.map((w, i) => [w, i] as const).filter(([w]) => /^[A-Za-z]{5,}$/.test(w));
  if (long.length) {
    const [word, index] = long[Math.floor(random() * long.length)]!;
    words[index] = typo(word, random);
  }
  street = words.join(' ');
  const locality = parts.locality?.normalize('NFD').replace(/\p{M}+/gu, '');
  const order = Math.floor(random() * 3);
  const pieces =
    order === 0
      ? [parts.houseNumber, street, locality]
      : order === 1
        ? [street, parts.houseNumber, locality]
        : [locality, street, parts.houseNumber];
  const text = pieces.filter(Boolean).join(order === 2 ? ', ' : ' ');
  const casing = Math.floor(random() * 3);
  return casing === 0 ? text.toUpperCase() : casing === 1 ? text.toLowerCase() : text;
}
