/**
 * The platform itself is set up wrongly (a file or table missing, an output file wayplan cannot
 * read back): retrying does not help, a person has to look.
 */
export class PlatformSetupError extends Error {}

export class UnknownTerritoryError extends Error {
  constructor(readonly territory: string) {
    super(`no territory "${territory}"`);
  }
}
