// Vite's `?raw` import, used by tests to read the CSS as text.
declare module '*.css?raw' {
  const content: string;
  export default content;
}
