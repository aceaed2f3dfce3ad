/** Where a JSON text first stops being valid: 1-based line and position within that line. */
export interface JsonErrorLocation {
  offset: number;
  line: number;
  position: number;
  reason: string;
}

const whitespace = new Set([' ', '\t', '\n', '\r']);
const literals = ['true', 'false', 'null'];
const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function locate(text: string, offset: number, reason: string): JsonErrorLocation {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset, line, position: offset - lineStart + 1, reason };
}

/**
 * Scans a text that JSON.parse rejected and finds the first offending character. JSON.parse's own
 * messages do not reliably carry a position, and clients need line and position to fix their body.
 * Iterative, so arbitrarily deep nesting cannot overflow the stack.
 */
export function locateJsonError(text: string): JsonErrorLocation {
  const stack: ('array' | 'object')[] = [];
  let i = 0;
  const skip = (): void => {
    while (i < text.length && whitespace.has(text[i]!)) i++;
  };
  // What the scanner expects next.
  let expect: 'value' | 'value-or-close' | 'key-or-close' | 'key' | 'colon' | 'comma-or-close' | 'end' = 'value';
  for (;;) {
    skip();
    const c = text[i];
    if (c === undefined) return locate(text, i, expect === 'end' ? 'trailing data' : 'unexpected end of input');
    if (expect === 'value-or-close') {
      if (c === ']') {
        i++;
        stack.pop();
        expect = stack.length ? 'comma-or-close' : 'end';
        continue;
      }
      expect = 'value';
    }
    switch (expect) {
      case 'end':
        return locate(text, i, `unexpected '${c}' after the end of the document`);
      case 'colon':
        if (c !== ':') return locate(text, i, `expected ':' but found '${c}'`);
        i++;
        expect = 'value';
        continue;
      case 'comma-or-close': {
        const top = stack[stack.length - 1]!;
        if (c === ',') {
          i++;
          expect = top === 'array' ? 'value' : 'key';
          continue;
        }
        if ((top === 'array' && c === ']') || (top === 'object' && c === '}')) {
          i++;
          stack.pop();
          expect = stack.length ? 'comma-or-close' : 'end';
          continue;
        }
        return locate(text, i, `expected ',' or '${top === 'array' ? ']' : '}'}' but found '${c}'`);
      }
      case 'key-or-close':
      case 'key':
        if (c === '}' && expect === 'key-or-close') {
          i++;
          stack.pop();
          expect = stack.length ? 'comma-or-close' : 'end';
          continue;
        }
        if (c !== '"') return locate(text, i, `expected a property name in double quotes but found '${c}'`);
        {
          const end = scanString(text, i);
          if (typeof end !== 'number') return end;
          i = end;
        }
        expect = 'colon';
        continue;
      case 'value': {
        if (c === '{') {
          stack.push('object');
          i++;
          expect = 'key-or-close';
          continue;
        }
        if (c === '[') {
          stack.push('array');
          i++;
          expect = 'value-or-close';
          continue;
        }
        if (c === '"') {
          const end = scanString(text, i);
          if (typeof end !== 'number') return end;
          i = end;
        } else if (c === '-' || (c >= '0' && c <= '9')) {
          numberPattern.lastIndex = i;
          const match = numberPattern.exec(text);
          if (!match) return locate(text, i, 'invalid number');
          i += match[0].length;
        } else {
          const literal = literals.find((l) => text.startsWith(l, i));
          if (!literal) return locate(text, i, `unexpected '${c}'`);
          i += literal.length;
        }
        expect = stack.length ? 'comma-or-close' : 'end';
        continue;
      }
    }
  }
}

function scanString(text: string, start: number): number | JsonErrorLocation {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c < 0x20) return locate(text, i, 'control character in string');
    if (c === 0x5c) {
      const next = text[i + 1];
      if (next === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return locate(text, i, 'invalid \\u escape');
        i += 6;
        continue;
      }
      if (next === undefined || !'"\\/bfnrt'.includes(next)) return locate(text, i, 'invalid escape');
      i += 2;
      continue;
    }
    i++;
  }
  return locate(text, text.length, 'unterminated string');
}
