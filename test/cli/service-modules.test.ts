import { modulesResolvedBy } from '../support/module-trace.js';

const compiled = (path: string): string => new URL(`../../${path}`, import.meta.url).href;
const pdfWriter = (url: string): boolean => /\/node_modules\/(pdfkit|fontkit)\//.test(url);

// Every e2e file and every `npm start` starts an API and a worker: what they load before serving is their start.
describe('what the API and worker processes load', () => {
  it('the services command module, which both start from, loads no route cards (the API loads them later, the worker never)', async () => {
    const modules = await modulesResolvedBy(compiled('cli/commands/services.js'));
    expect(modules.filter((url) => url.includes('/cards/') || pdfWriter(url))).toEqual([]);
  });

  it("the API's ports load the PDF writer only when a PDF is drawn", async () => {
    expect((await modulesResolvedBy(compiled('cli/api-ports.js'))).filter(pdfWriter)).toEqual([]);
    // The trace sees the writer where it is imported.
    expect((await modulesResolvedBy(compiled('cards/pdf-document.js'))).some(pdfWriter)).toBe(true);
  });
});
