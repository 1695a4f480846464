// What other features of mf-auth use of privacy-policy: they import it from here, never from its folders (biome.json).
export { LOCAL_DATA, PRIVACY_FACTS } from './utils/privacy-facts.ts';
