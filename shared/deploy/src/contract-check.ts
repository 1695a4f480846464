import { REMOTES, type RemoteName } from '@mindpath/contracts/remotes';
import semver from 'semver';

/**
 * What a release checks before a remote's build goes live beside the live shell (`pnpm release:remote`):
 * that it exposes every module the contract says the shell loads, that the shell's shared singletons satisfy
 * the versions the build requires (two Reacts on one page break hooks; a missing SDK export breaks a page),
 * and that both were built against the same contract (metaData.contractVersion, shared/mf/src/contract-version.ts).
 */

/** The parts of a Module Federation mf-manifest.json this reads. */
export interface FederationManifest {
  metaData?: { contractVersion?: string };
  exposes?: { name: string; path?: string }[];
  shared?: { name: string; version?: string; requiredVersion?: string | false; singleton?: boolean }[];
}

/** The packages the shell provides as singletons whose versions a remote must be satisfied by. */
export const CHECKED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  '@tanstack/react-query',
  '@tanstack/query-core',
  '@mindpath/sdk',
  '@mindpath/events',
  '@mindpath/ui',
] as const;

/** `react/jsx-runtime` → `react`, `@mindpath/sdk/hooks` → `@mindpath/sdk`. */
export function packageOf(sharedName: string): string {
  const parts = sharedName.split('/');
  return sharedName.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? sharedName);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A parsed mf-manifest.json, or an error naming `what` when it is not one. */
export function parseFederationManifest(value: unknown, what: string): FederationManifest {
  const ok =
    isRecord(value) &&
    (value.exposes === undefined ||
      (Array.isArray(value.exposes) &&
        value.exposes.every((e) => isRecord(e) && typeof e.name === 'string'))) &&
    (value.shared === undefined ||
      (Array.isArray(value.shared) && value.shared.every((s) => isRecord(s) && typeof s.name === 'string')));
  if (!ok) throw new Error(`${what} is not a Module Federation manifest`);
  return value as FederationManifest;
}

/**
 * The refusals for releasing `remote` (its build's manifest) beside `shell` (the live shell's manifest):
 * one line each, empty when the build may go live.
 */
export function checkRelease(
  name: RemoteName,
  remote: FederationManifest,
  shell: FederationManifest,
): string[] {
  const problems: string[] = [];

  const exposed = new Set((remote.exposes ?? []).map((e) => e.path ?? `./${e.name}`));
  const missing = REMOTES[name].exposes.filter((e) => !exposed.has(e));
  if (missing.length)
    problems.push(`mf-${name} does not expose ${missing.join(', ')}, which the shell loads`);

  const provided = new Map<string, string>();
  for (const s of shell.shared ?? []) if (s.version) provided.set(packageOf(s.name), s.version);
  const unsatisfied = new Map<string, string>();
  for (const s of remote.shared ?? []) {
    const pkg = packageOf(s.name);
    if (!(CHECKED_SINGLETONS as readonly string[]).includes(pkg) || !s.requiredVersion) continue;
    const shellVersion = provided.get(pkg);
    if (!shellVersion) {
      // the shell shares all of these; one it does not share would be loaded twice
      unsatisfied.set(pkg, `${pkg} ${s.requiredVersion} (the shell shares none)`);
    } else if (!semver.satisfies(shellVersion, s.requiredVersion, { includePrerelease: true })) {
      unsatisfied.set(pkg, `${pkg} ${s.requiredVersion} (the shell has ${shellVersion})`);
    }
  }
  if (unsatisfied.size)
    problems.push(
      `mf-${name} needs shared versions the live shell does not provide: ${[...unsatisfied.values()].join(', ')}`,
    );

  const built = remote.metaData?.contractVersion;
  const live = shell.metaData?.contractVersion;
  if (built !== live)
    problems.push(
      `mf-${name} was built against contract ${built ?? '(none)'}, the live shell against ${live ?? '(none)'}: ` +
        'the exposes or their props changed (shared/contracts/src/remotes-constants.ts)',
    );
  return problems;
}
