// fontkit ships no types; the image script uses only openSync and narrows the result itself.
declare module 'fontkit' {
  export function openSync(path: string): unknown;
}
