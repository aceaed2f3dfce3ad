// WinAnsiEncoding (PDF 1.7 Annex D) above 0x7F: Latin-1 for 0xA0–0xFF, these for 0x80–0x9F.
const specials: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e,
  '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
  // Intl puts narrow and thin spaces into French and other numbers and times; print them as no-break spaces.
  '\u202f': 0xa0, '\u2009': 0xa0, '\u2007': 0xa0,
};

/** The byte of `char` in WinAnsiEncoding, or "?" for characters the standard fonts cannot show. */
export function winAnsiByte(char: string): number {
  const code = char.codePointAt(0)!;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
  return specials[char] ?? 0x3f;
}

/** `text` as a PDF literal string in WinAnsi bytes, `(…)` with the delimiters escaped. */
export function pdfString(text: string): string {
  let out = '(';
  for (const char of text) {
    const byte = winAnsiByte(char);
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${char}`;
    else if (byte < 0x80) out += String.fromCharCode(byte);
    else out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out})`;
}
