import { createInterface } from 'node:readline';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function promptHidden(question: string): Promise<string> {
  return new Promise((resolvePassword) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    const mutable = rl as unknown as { _writeToOutput: (s: string) => void };
    process.stderr.write(question);
    mutable._writeToOutput = () => undefined;
    rl.question('', (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolvePassword(answer);
    });
  });
}

/** A password from standard input (`--password-stdin`, for scripts) or typed at a hidden prompt. */
export async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return readStdin();
  if (!process.stdin.isTTY) throw new Error('no terminal to ask for a password: pass --password-stdin and pipe it in');
  const first = await promptHidden('Password: ');
  const second = await promptHidden('Repeat password: ');
  if (first !== second) throw new Error('the passwords differ');
  return first;
}
