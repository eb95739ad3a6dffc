// Vite's `?raw` import, used by tests to read the CSS as text.
declare module '*.css?raw' {
  const content: string;
  export default content;
}

// Vite's `?url` import: the built address of an asset (the brand font, for its preload link).
declare module '*.woff2?url' {
  const url: string;
  export default url;
}
