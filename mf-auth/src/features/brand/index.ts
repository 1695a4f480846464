// What other features of mf-auth use of brand: they import it from here, never from its folders (biome.json).
export { BrandMark } from './components/brand-mark.tsx';
