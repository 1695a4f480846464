// What a media URL in a response looks like now: the owner's signed URL of a file named by the goal's or
// lesson's media key, never by its id.
import { expect } from 'vitest';

/** Expects `url` to be a signed URL of a `kind` file with extension `ext`, not named by `id`; answers its path. */
export function expectSignedMediaUrl(
  url: string,
  kind: 'goals' | 'lessons',
  ext: string,
  id: string,
): string {
  expect(url).toMatch(
    new RegExp(`^/api/media/${kind}/[0-9a-f]{32}\\.${ext}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`),
  );
  expect(url).not.toContain(id);
  return url.split('?')[0]!;
}
