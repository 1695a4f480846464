// Which media store a deployment uses. Apart from store.ts because the S3 store builds on store.ts's types.
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { directoryMediaStore, type MediaStore } from './store.ts';

/** The store the configuration names: the S3-compatible bucket when set, else `<dataDir>/media`. */
export async function openMediaStore(config: Pick<Config, 'dataDir' | 's3'>): Promise<MediaStore> {
  if (!config.s3) return directoryMediaStore(join(config.dataDir, 'media'));
  // the AWS SDK loads only where a bucket is configured: the embedded default starts without it
  const { s3MediaStore } = await import('./s3-store.ts');
  return s3MediaStore(config.s3);
}
