// The shared rate-limit suite needs Debian's redis-server; on a machine without it (not root, so `npm test`
// could not install it) the suite fails with one line that says what to install, not `spawn ENOENT`.
import { describe, expect, it } from 'vitest';
import { REDIS_MISSING, startRedisServer } from './helpers/redis-server.ts';

describe('the throwaway redis-server', () => {
  it('names the package and the apt command when redis-server is missing', async () => {
    await expect(startRedisServer('redis-server-not-installed')).rejects.toThrow(REDIS_MISSING);
    expect(REDIS_MISSING).toContain('apt-get install -y redis-server');
  });

  it('starts on a loopback port and stops', async () => {
    const redis = await startRedisServer();
    expect(redis.url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
    await redis.close();
  });
});
