import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const REPORTS = resolve(ROOT, 'reports');
export const APPS = [
  'shell',
  'mf-auth',
  'mf-goals',
  'mf-roadmap',
  'mf-lessons',
  'mf-notes',
  'mf-pomodoro',
  'mf-billing',
];
