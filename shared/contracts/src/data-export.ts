// "Download my data": the export's state as the Privacy tab reads it. The zip itself is described by the
// JSON Schema it carries (data.schema.json), which the API writes from its own list of the learner's tables.
import { z } from 'zod';

export const DATA_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const DataExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** 0..100 while it is built; 100 once ready */
  progress: z.number().int().min(0).max(100),
  createdAt: z.iso.datetime({ offset: true }),
  /** the zip's size in bytes, once ready */
  size: z.number().int().nonnegative().optional(),
  readyAt: z.iso.datetime({ offset: true }).optional(),
  /** the zip is removed then, and the link stops working */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  /** a signed link (no sign-in needed), only while the zip is ready */
  downloadUrl: z.string().optional(),
  /** why it failed, in the learner's words */
  error: z.string().optional(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** The signed link's query: its expiry (Unix seconds) and an HMAC of (export id, expiry). */
export const DataExportDownloadQuerySchema = z.object({
  expires: z.string().optional(),
  signature: z.string().optional(),
});

export const DATA_EXPORT_MESSAGES = {
  not_found: 'There is no download of your data yet.',
  link_invalid: 'This download link is not valid. Please ask for a new download in Settings → Privacy.',
  link_expired: 'This download has expired. Please ask for a new one in Settings → Privacy.',
  failed: 'Your download could not be prepared. Please try again.',
} as const;
