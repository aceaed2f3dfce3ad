import { connectWhenReady } from '../../runtime/postgres.js';
import { silentHost } from '../platform/dead-hosts.js';

/**
 * The wait for a freshly started embedded PostgreSQL to accept sessions, against a server that
 * accepts the connection and never answers (hung, or something else on its port): the start fails
 * at the wait's deadline and leaves no connection behind, instead of waiting for ever.
 */
test('the wait for the embedded PostgreSQL ends at its deadline when the server never answers', async () => {
  const host = await silentHost();
  try {
    const accepted = host.nextConnection();
    await expect(connectWhenReady(`postgres://wayplan:x@127.0.0.1:${host.port}/postgres`, 300)).rejects.toThrow('timeout expired');
    await (
      await accepted
    ).closed;
  } finally {
    await host.close();
  }
});
