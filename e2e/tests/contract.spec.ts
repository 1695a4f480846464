import { LIFECYCLES_EXPOSE, REMOTE_NAMES, REMOTES, RemotesManifestSchema } from '@mindpath/contracts/remotes';
import { expect, test } from '@playwright/test';

interface MfManifest {
  name: string;
  exposes: { path: string }[];
  shared: { name: string; singleton?: boolean }[];
}

// The shell's route table and slots are typed against REMOTES; this checks the deployed builds keep that
// promise, through the same URLs the shell loads them from.
test('every deployed remote exposes what the shell expects, under its contract scope', async ({
  request,
}) => {
  const remotes = RemotesManifestSchema.parse(await (await request.get('/remotes.json')).json()).remotes;
  expect(Object.keys(remotes).sort()).toEqual([...REMOTE_NAMES].sort());
  for (const name of REMOTE_NAMES) {
    const entry = remotes[name]!.entry;
    const res = await request.get(entry);
    expect(res.ok(), `${name} manifest ${entry}`).toBe(true);
    const manifest = (await res.json()) as MfManifest;
    expect(manifest.name).toBe(REMOTES[name].scope);
    const exposed = manifest.exposes.map((e) => e.path).sort();
    expect(exposed, name).toEqual([...REMOTES[name].exposes, LIFECYCLES_EXPOSE].sort());
    // A manifest lists the shared modules the remote actually consumes (a frame remote that never imports
    // @mindpath/events does not list it): each one must be a singleton, and React is always among them.
    const shared = new Map(manifest.shared.map((s) => [s.name, s]));
    for (const lib of ['react', 'react-dom']) {
      expect(shared.get(lib)?.singleton, `${name} shares ${lib} as a singleton`).toBe(true);
    }
    for (const [lib, entry] of shared) {
      expect(entry.singleton, `${name} shares ${lib} as a singleton`).toBe(true);
    }
  }
});

test('remotes.json and manifests are no-cache; versioned assets are immutable', async ({ request }) => {
  const res = await request.get('/remotes.json');
  expect(res.headers()['cache-control']).toContain('no-cache');
  const remotes = RemotesManifestSchema.parse(await res.json()).remotes;
  const entry = remotes.goals!.entry;
  const manifest = await request.get(entry);
  expect(manifest.headers()['cache-control']).toContain('no-cache');
  const body = (await manifest.json()) as { exposes: { assets: { js: { sync: string[] } } }[] };
  const chunk = body.exposes.flatMap((e) => e.assets.js.sync).find((f) => /\.[0-9a-f]{8,}\.js$/.test(f));
  expect(chunk).toBeTruthy();
  const asset = await request.get(entry.replace('mf-manifest.json', chunk!));
  expect(asset.ok()).toBe(true);
  expect(asset.headers()['cache-control']).toContain('immutable');
});
