// A source added by its web address: the server fetches it, refusing private and loopback addresses (SSRF)
// at every hop, answers slower than the limit, answers larger than the limit (counted as they stream, so a
// huge answer is cut off early) and anything that is not an HTML page or a PDF.
import type { IncomingMessage } from 'node:http';
import * as http from 'node:http';
import * as https from 'node:https';
import { SOURCE_LIMITS } from '@mindpath/contracts/sources-constants';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { SourceRejected } from './extract/document.ts';

export interface FetchedSource {
  bytes: Uint8Array;
  contentType: string | null;
  finalUrl: string;
  fileName: string | null;
}

export interface FetchSourceOptions {
  signal?: AbortSignal;
  /** host:port pairs fetched without the address check (SOURCE_FETCH_ALLOW_HOSTS: tests' local servers) */
  allowHosts?: readonly string[];
  /** the whole fetch, redirects included; SOURCE_LIMITS.fetchTimeoutMs unless a test wants it shorter */
  timeoutMs?: number;
  /** SOURCE_LIMITS.maxFetchBytes unless a test wants it smaller */
  maxBytes?: number;
}

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const PDF_TYPE = 'application/pdf';
/** types a server sends when it does not know: the bytes decide (a PDF starts with %PDF-) */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

// The agents refuse any address that is not public unicast (loopback, private, link-local, unique-local,
// unspecified, mapped, …) when the host name resolves and when the URL names an IP, so a redirect or a DNS
// answer cannot lead the fetch inside. One pair serves every fetch; keep-alive off, each fetch is one-off.
const filteringAgents = { http: new RequestFilteringHttpAgent(), https: new RequestFilteringHttpsAgent() };
const plainAgents = { http: new http.Agent(), https: new https.Agent() };

export async function fetchSourceUrl(url: string, opts: FetchSourceOptions = {}): Promise<FetchedSource> {
  let current = parseHttpUrl(url);
  if (!current) throw new SourceRejected('url_invalid');
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? SOURCE_LIMITS.fetchTimeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const maxBytes = opts.maxBytes ?? SOURCE_LIMITS.maxFetchBytes;
  const allowed = new Set((opts.allowHosts ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean));
  try {
    for (let hop = 0; ; hop++) {
      const response = await request(current, allowed.has(hostWithPort(current)), signal);
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode ?? 0) && location) {
        response.resume();
        if (hop >= MAX_REDIRECTS) throw new SourceRejected('url_failed');
        const next = parseHttpUrl(location, current);
        // a redirect elsewhere than http(s) (file:, ftp:, data:) is never followed
        if (!next) throw new SourceRejected('url_blocked');
        current = next;
        continue;
      }
      if (response.statusCode !== 200) {
        response.resume();
        throw new SourceRejected('url_failed');
      }
      return await readDocument(response, current, maxBytes);
    }
  } catch (err) {
    if (err instanceof SourceRejected) throw err;
    // the caller's own abort (a cancelled job) stays an abort; our clock running out is the learner's timeout
    if (opts.signal?.aborted) throw opts.signal.reason;
    if (timeout.aborted) throw new SourceRejected('url_timeout', { cause: err });
    if (isFilteredAddress(err)) throw new SourceRejected('url_blocked', { cause: err });
    throw new SourceRejected('url_failed', { cause: err });
  }
}

function parseHttpUrl(href: string, base?: URL): URL | null {
  try {
    const parsed = new URL(href, base);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    // credentials in a URL would be sent to whoever answers; a source address has no use for them
    if (parsed.username || parsed.password) return null;
    return parsed;
  } catch {
    return null;
  }
}

function hostWithPort(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase()}:${port}`;
}

/** request-filtering-agent says so in its error's message (it has no error code of its own). */
function isFilteredAddress(err: unknown): boolean {
  return err instanceof Error && /^DNS lookup .* is not allowed\b/.test(err.message);
}

function request(url: URL, allowHost: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  const secure = url.protocol === 'https:';
  const agent = (allowHost ? plainAgents : filteringAgents)[secure ? 'https' : 'http'];
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).get(url, {
      agent,
      signal,
      headers: {
        'user-agent': 'Mindpath (a learner added this address as a source)',
        accept: 'text/html,application/xhtml+xml,application/pdf;q=0.9,*/*;q=0.1',
        // no Accept-Encoding: the answer comes as it is, so the byte cap counts what is read (no gzip bomb)
      },
    });
    req.once('response', resolve);
    req.once('error', reject);
  });
}

async function readDocument(response: IncomingMessage, url: URL, maxBytes: number): Promise<FetchedSource> {
  const header = response.headers['content-type'] ?? null;
  const type = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const known = HTML_TYPES.has(type) || type === PDF_TYPE;
  if (!known && !UNKNOWN_TYPES.has(type)) {
    response.destroy();
    throw new SourceRejected('url_not_document');
  }
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new SourceRejected('url_too_large');
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      response.destroy();
      throw new SourceRejected('url_too_large');
    }
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(Buffer.concat(chunks, total));
  if (!known && !startsWithPdfMagic(bytes)) throw new SourceRejected('url_not_document');
  return {
    bytes,
    contentType: known ? type : PDF_TYPE,
    finalUrl: url.href,
    fileName: fileNameOf(response.headers['content-disposition'], url),
  };
}

function startsWithPdfMagic(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/** The name the server gives (Content-Disposition), else the address's last segment when it names a document. */
function fileNameOf(disposition: string | undefined, url: URL): string | null {
  const star = disposition?.match(/filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/);
  const plain = disposition?.match(/filename\s*=\s*"?([^";]+)"?/);
  const given = star?.[1] ? safeDecode(star[1]) : plain?.[1];
  const name = given ?? safeDecode(url.pathname.split('/').pop() ?? '');
  const base = name?.split(/[\\/]/).pop()?.trim();
  if (!base) return null;
  if (given) return base.slice(0, SOURCE_LIMITS.maxTitle);
  return /\.(pdf|html?)$/i.test(base) ? base.slice(0, SOURCE_LIMITS.maxTitle) : null;
}

function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}
