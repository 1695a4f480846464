// A small HTTP load balancer for trying the multi-instance setup on one machine (scripts/multi.ts): each
// request goes to the next backend in turn, streamed both ways (event streams included). A backend that
// refuses the connection is skipped for requests without a body, as a load balancer's retry would, so an
// instance can be stopped while the others carry on.
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';

export interface Backend {
  host: string;
  port: number;
}

export function roundRobinProxy(backends: Backend[]): Server {
  let next = 0;
  function forward(req: IncomingMessage, res: ServerResponse, attempt: number): void {
    const backend = backends[next++ % backends.length]!;
    const upstream = request(
      { host: backend.host, port: backend.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        // the backend died mid-answer: end the client's connection too, so it reconnects
        answer.once('aborted', () => res.destroy());
      },
    );
    upstream.once('error', () => {
      if (res.headersSent) return void res.destroy();
      const bodiless = req.method === 'GET' || req.method === 'HEAD';
      if (bodiless && attempt + 1 < backends.length) return forward(req, res, attempt + 1);
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'No API instance answered', code: 'BAD_GATEWAY' }));
    });
    res.once('close', () => upstream.destroy());
    if (attempt === 0) req.pipe(upstream);
    else upstream.end();
  }
  return createServer((req, res) => forward(req, res, 0));
}
