import { requireSystemTool } from './system-tools.js';

/**
 * Installs the Debian tools the route-card tests read their output with, once, before any test
 * runs: a first install of Chromium takes minutes, longer than a test's timeout.
 */
export default function unitSetup(): void {
  requireSystemTool('pdftotext', 'poppler-utils');
  requireSystemTool('chromium', 'chromium');
}
