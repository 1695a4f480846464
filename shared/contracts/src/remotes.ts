// /remotes.json's schema; the remotes and their exposes are in remotes-constants.ts (no zod), re-exported here.
import { z } from 'zod';
import { CANARY_SHARE_MAX, CANARY_SHARE_MIN } from './canary-constants.ts';
import { REMOTES, type RemoteName } from './remotes-constants.ts';

export * from './remotes-constants.ts';

export const RemoteNameSchema = z.enum(Object.keys(REMOTES) as [RemoteName, ...RemoteName[]]);

const RemoteVersionSchema = z.object({ version: z.string(), entry: z.string() });

/**
 * /remotes.json: which version of each remote is live, and where its manifest is. A remote in a canary
 * release also has `canary`: another version, live for `share` % of learners (canary-constants.ts decides who).
 */
export const RemotesManifestSchema = z.object({
  updatedAt: z.string(),
  remotes: z.partialRecord(
    RemoteNameSchema,
    RemoteVersionSchema.extend({
      canary: RemoteVersionSchema.extend({
        share: z.number().min(CANARY_SHARE_MIN).max(CANARY_SHARE_MAX),
      }).optional(),
    }),
  ),
});
export type RemotesManifest = z.infer<typeof RemotesManifestSchema>;
export type RemoteRelease = NonNullable<RemotesManifest['remotes'][RemoteName]>;
