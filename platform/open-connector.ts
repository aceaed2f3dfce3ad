import type { PlatformConnectionInput } from '../store/platform-connections.js';
import type { PlatformConnector } from './connector.js';
import { CsvFolderConnector } from './csv-folder/csv-folder-connector.js';
import { PostgresConnector } from './postgres/postgres-connector.js';

/** The connector for a stored connection; the caller closes it. */
export function openConnector(connection: PlatformConnectionInput): PlatformConnector {
  switch (connection.kind) {
    case 'csv_folder':
      return new CsvFolderConnector(connection.settings.path);
    case 'postgres':
      return new PostgresConnector(connection.settings.url, connection.settings.schema);
  }
}
