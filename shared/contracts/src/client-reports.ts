// What the shell reports about the remotes it loads: each successful load (POST /api/remote-loads) and each
// failure while loading or rendering one (POST /api/client-errors). Never personal data: the remote, its
// version, the error's name and message (cut to size); no learner id, no URL.
import { z } from 'zod';
import { RemoteNameSchema } from './remotes.ts';

export const CLIENT_ERROR_MESSAGE_MAX = 500;
export const CLIENT_ERROR_NAME_MAX = 100;
export const REMOTE_VERSION_MAX = 64;

const VersionSchema = z.string().min(1).max(REMOTE_VERSION_MAX);

export const RemoteLoadReportSchema = z.object({ remote: RemoteNameSchema, version: VersionSchema });

export const ClientErrorReportSchema = z.object({
  remote: RemoteNameSchema,
  version: VersionSchema,
  phase: z.enum(['load', 'render']),
  name: z.string().max(CLIENT_ERROR_NAME_MAX),
  message: z.string().max(CLIENT_ERROR_MESSAGE_MAX),
});

export type RemoteLoadReport = z.infer<typeof RemoteLoadReportSchema>;
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;
