/** CSS Modules and plain CSS imports, for every package's tsc (each tsconfig includes this file). */
declare module '*.module.css' {
  const classes: { readonly [className: string]: string };
  export default classes;
}
declare module '*.css';
