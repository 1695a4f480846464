import type { RemoteName } from '@mindpath/contracts/remotes';

/** Dev-server ports of `pnpm dev`: the shell on 3000, each remote on its own port. */
export const DEV_PORTS = {
  shell: 3000,
  auth: 3001,
  goals: 3002,
  roadmap: 3003,
  lessons: 3004,
  notes: 3005,
  pomodoro: 3006,
  billing: 3007,
} as const satisfies Record<RemoteName | 'shell', number>;

export const API_PORT = 8080;
