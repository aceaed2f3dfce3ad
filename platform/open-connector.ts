import type { PlatformConnectionInput } from '../store/platform-connections.js';
import type { PlatformConnector } from './connector.js';
import { CsvFolderConnector } from './csv-folder/csv-folder-connector.js';
import type { PlatformLimits } from './platform-limits.js';
import { PostgresConnector } from './postgres/postgres-connector.js';

/** The connector for a stored connection; the caller closes it. `limits` bound the work on a PostgreSQL platform. */
export function openConnector(connection: PlatformConnectionInput, limits: PlatformLimits): PlatformConnector {
  switch (connection.kind) {
    case 'csv_folder':
      return new CsvFolderConnector(connection.settings.path);
    case 'postgres':
      return new PostgresConnector(connection.settings.url, connection.settings.schema, limits);
  }
}
