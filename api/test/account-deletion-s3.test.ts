// Deleting an account whose media live in an S3-compatible bucket (several instances share it): every file of
// the learner leaves the bucket, their source's stored file too, and another learner's files stay.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { findAccount } from '../src/modules/account/repository.ts';
import { createTestApp, STRONG_PASSWORD, type TestApp } from './helpers/app.ts';
import { type LearnerWorld, learnerWorld } from './helpers/learner-world.ts';
import { type S3TestServer, startS3Server } from './helpers/s3-server.ts';

let s3: S3TestServer;
let t: TestApp;
let a: LearnerWorld;
let b: LearnerWorld;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp(s3.env);
  a = await learnerWorld(t.app, 'a');
  b = await learnerWorld(t.app, 'b');
}, 180_000);
afterAll(async () => {
  await t.close();
  await s3.close();
});

it('removes every media file of the learner from the bucket, and none of another learner', async () => {
  expect(t.app.media.kind).toBe('s3');
  const sourceFiles = (await t.app.media.list('sources')).filter((f) => f.startsWith(`${a.ids.source}-`));
  expect(sourceFiles).toHaveLength(1);
  const names = [...a.mediaNames, `sources/${sourceFiles[0]}`];
  for (const name of names) expect(await t.app.media.stat(name), name).not.toBeNull();

  const res = await t.api('DELETE', '/account', a.headers, { password: STRONG_PASSWORD });
  expect(res.statusCode, res.body).toBe(202);
  const end = Date.now() + 30_000;
  while (await findAccount(t.database.db, a.ids.user)) {
    if (Date.now() > end) throw new Error('the account was not deleted within 30 s');
    await new Promise((r) => setTimeout(r, 50));
  }

  for (const name of names) expect(await t.app.media.stat(name), name).toBeNull();
  for (const name of b.mediaNames) expect(await t.app.media.stat(name), name).not.toBeNull();
}, 60_000);
