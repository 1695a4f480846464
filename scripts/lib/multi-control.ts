// `pnpm multi --control <port>`: a loopback HTTP port that says which process is which and starts them, for a
// person trying failures by hand and for the multi-instance e2e (e2e/multi), which kills an instance or a
// worker by its pid while a lesson streams and then starts one again.
//   GET  /processes          [{ name, pid, alive, port?, requests: [{ method, url }] }]  (requests: in flight
//                            through the proxy to that API instance)
//   POST /processes/<name>   starts api-N again (answers once it is healthy) or worker-N (again, or a new one)
import { createServer, type Server } from 'node:http';

export interface ProcessInfo {
  name: string;
  pid: number | undefined;
  alive: boolean;
  /** an API instance's port */
  port?: number;
  requests: { method: string; url: string }[];
}

export interface MultiControl {
  list(): ProcessInfo[];
  /** starts the named process; rejects a name it cannot start */
  start(name: string): Promise<ProcessInfo>;
}

export function controlServer(control: MultiControl): Server {
  return createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'http://control');
    if (req.method === 'GET' && url.pathname === '/processes') return answer(200, control.list());
    const start = /^\/processes\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'POST' && start) {
      return void control.start(start[1]!).then(
        (info) => answer(200, info),
        (err: Error) => answer(400, { message: err.message }),
      );
    }
    answer(404, { message: 'GET /processes or POST /processes/<name>' });
  });
}
