/** CSS Modules and plain CSS imports, for every package's tsc (each tsconfig includes this file). */
declare module '*.module.css' {
  const classes: { readonly [className: string]: string };
  export default classes;
}
declare module '*.css';
/** Images an app imports (rspack asset modules): the URL of the emitted, content-hashed file. */
declare module '*.jpg' {
  const url: string;
  export default url;
}
