import path from 'node:path';
import { createMfConfig } from '@mindpath/mf/create-config';
import type { RuleSetRule } from '@rspack/core';

const config = createMfConfig({
  name: 'notes',
  dir: import.meta.dirname,
  exposes: {
    './KnowledgeGraphPage': './src/features/knowledge-base/components/knowledge-graph-page.tsx',
    './CreateNoteDialog': './src/features/create-note/components/create-note-dialog.tsx',
    './lifecycles': './src/lifecycles.tsx',
  },
});

(config.module!.rules as RuleSetRule[]).push({
  test: /[\\/]node_modules[\\/].*[\\/](force-graph|float-tooltip)[\\/]dist[\\/][^\\/]+\.mjs$/,
  loader: path.join(import.meta.dirname, 'strip-style-inject-loader.cjs'),
});

export default config;
