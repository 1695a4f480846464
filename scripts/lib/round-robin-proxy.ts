// A small HTTP load balancer for trying the multi-instance setup on one machine (scripts/multi.ts): each
// request goes to the next backend in turn, its answer streamed back (event streams included). Request
// bodies are read whole first (the API takes 32 MB at most), as a load balancer that retries does: a backend
// that refuses the connection never saw the request, so it goes to the next one with its body; a request
// without a body is also sent on when its backend failed before answering. So an instance can be stopped
// while the others carry on. What is in flight where can be listed (the multi-instance e2e stops the
// instance that holds a given stream).
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';

export interface Backend {
  host: string;
  port: number;
}

export interface ProxiedRequest {
  backend: Backend;
  method: string;
  url: string;
}

export interface RoundRobinProxy extends Server {
  /** the requests handed to a backend whose answers have not ended yet */
  inFlight(): ProxiedRequest[];
}

export function roundRobinProxy(backends: Backend[]): RoundRobinProxy {
  let next = 0;
  const open = new Set<ProxiedRequest>();

  /** attempt k of a request goes to the k-th backend after its first: each is tried once, whatever runs beside */
  function forward(
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
    first: number,
    attempt: number,
  ): void {
    const backend = backends[(first + attempt) % backends.length]!;
    const entry: ProxiedRequest = { backend, method: req.method ?? 'GET', url: req.url ?? '/' };
    open.add(entry);
    const upstream = request(
      {
        host: backend.host,
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        // a connection per request: none is kept open to an instance that may be stopped
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        // the backend died mid-answer: end the client's connection too, so it reconnects
        answer.once('close', () => !answer.complete && res.destroy());
      },
    );
    upstream.once('error', (err: NodeJS.ErrnoException) => {
      open.delete(entry);
      if (res.headersSent) return void res.destroy();
      const replayable = err.code === 'ECONNREFUSED' || req.method === 'GET' || req.method === 'HEAD';
      if (replayable && attempt + 1 < backends.length) return forward(req, res, body, first, attempt + 1);
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'No API instance answered', code: 'BAD_GATEWAY' }));
    });
    res.once('close', () => {
      open.delete(entry);
      upstream.destroy();
    });
    upstream.end(body);
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      return void res.destroy(); // the client went away while sending
    }
    forward(req, res, Buffer.concat(chunks), next++, 0);
  });
  return Object.assign(server, { inFlight: () => [...open] });
}
