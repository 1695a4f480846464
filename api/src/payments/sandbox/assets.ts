// The checkout page's files: its stylesheet, and its script and the card rules as browser modules made from
// their TypeScript sources by stripping the types (no build step, and no second copy of the rules). A
// relative `./x.ts` import becomes `./x.js`, the URL it is served at.
import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';

export interface Asset {
  type: string;
  body: string;
}

const here = import.meta.dirname;

const browserModule = (path: string): Asset => ({
  type: 'text/javascript; charset=utf-8',
  body: stripTypeScriptTypes(readFileSync(path, 'utf8'), { mode: 'strip' }).replace(
    /from\s+'(?:\.{1,2}\/)+(?:[\w-]+\/)*([\w-]+)\.ts'/g,
    "from './$1.js'",
  ),
});

/** By file name under /checkout/assets/; each made once, on its first request. */
const SOURCES: Record<string, () => Asset> = {
  'checkout.css': () => ({
    type: 'text/css; charset=utf-8',
    body: readFileSync(join(here, 'checkout.css'), 'utf8'),
  }),
  'checkout-page.js': () => browserModule(join(here, 'checkout-page.ts')),
  'card-rules.js': () => browserModule(join(here, '..', 'card-rules.ts')),
};

const made = new Map<string, Asset>();

export function checkoutAsset(name: string): Asset | undefined {
  const make = SOURCES[name];
  if (!make) return undefined;
  const known = made.get(name);
  if (known) return known;
  const asset = make();
  made.set(name, asset);
  return asset;
}
