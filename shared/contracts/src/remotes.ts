// /remotes.json's schema; the remotes and their exposes are in remotes-constants.ts (no zod), re-exported here.
import { z } from 'zod';
import { REMOTES, type RemoteName } from './remotes-constants.ts';

export * from './remotes-constants.ts';

export const RemoteNameSchema = z.enum(Object.keys(REMOTES) as [RemoteName, ...RemoteName[]]);

/** /remotes.json: which version of each remote is live, and where its manifest is. */
export const RemotesManifestSchema = z.object({
  updatedAt: z.string(),
  remotes: z.partialRecord(RemoteNameSchema, z.object({ version: z.string(), entry: z.string() })),
});
export type RemotesManifest = z.infer<typeof RemotesManifestSchema>;
