import { createMfConfig } from '@mindpath/mf/create-config';

export default createMfConfig({
  name: 'notes',
  dir: import.meta.dirname,
  exposes: {
    './KnowledgeGraphPage': './src/features/knowledge-base/components/knowledge-graph-page.tsx',
    './lifecycles': './src/lifecycles.tsx',
  },
});
