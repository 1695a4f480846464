// What other features of mf-auth use of auth-dialog: they import it from here, never from its folders (biome.json).
export { AuthDialog } from './components/auth-dialog.tsx';
export { default as authFormStyles } from './components/auth-form.module.css';
