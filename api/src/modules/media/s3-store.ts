// Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), keyed by the media name. The API still
// serves them itself from /api/media: the owner check, the signed URLs, the SVG sandbox CSP and the same
// origin (the CSP's img-src/media-src 'self') stay as they are, and the bucket needs no public access nor a
// route from the browser. A byte range asked of /api/media is asked of the bucket, so seeking in audio moves
// only the bytes played.
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import { type MediaStore, mediaType } from './store.ts';

const missing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

export function s3MediaStore(config: S3Config): MediaStore {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    // unset: the SDK's own chain (instance role, AWS_* variables, shared files)
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // checksums only where S3 requires them: several S3-compatible stores refuse the newer checksum trailers
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const keyOf = (name: string) => (mediaType(name) ? name : null);

  return {
    kind: 's3',
    async save(name, body) {
      const Key = keyOf(name);
      if (!Key) throw new Error(`bad media name ${name}`);
      // a PUT replaces an object whole: readers see the old file or the new one
      await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType: mediaType(name)! }));
    },
    async stat(name) {
      const Key = keyOf(name);
      if (!Key) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return { size: head.ContentLength ?? 0, type: mediaType(name)! };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async read(name, range) {
      const Key = keyOf(name);
      if (!Key) return null;
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return object.Body as Readable;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async remove(name) {
      const Key = keyOf(name);
      // S3 answers a delete of a missing key with success too
      if (Key) await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    async list(folder) {
      const prefix = `${folder}/`;
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken, Delimiter: '/' }),
        );
        for (const o of page.Contents ?? []) if (o.Key) names.push(o.Key.slice(prefix.length));
        ContinuationToken = page.NextContinuationToken;
      } while (ContinuationToken);
      return names;
    },
  };
}
