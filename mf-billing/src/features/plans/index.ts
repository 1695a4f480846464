// What other features of mf-billing use of plans: they import it from here, never from its folders (biome.json).
export { FeatureList } from './components/feature-list.tsx';
export { default as PlanCards } from './components/plan-cards.tsx';
export { formatAmount, formatDate, monthlyPrice } from './utils/format.ts';
