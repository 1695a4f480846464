// An S3-protocol server on loopback for the media tests (s3rver: plain Node, objects in a temporary
// directory), with one bucket, and the environment that points the API at it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface S3TestServer {
  /** the S3_* variables of a store in this server's bucket */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'mindpath-media'): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'mindpath-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials: it checks the signature like S3 does
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
