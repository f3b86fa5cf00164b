// What the Lambda bundles get for `brotli/decompress.js` (lib/bundling.ts `alias`): fontkit imports it to read WOFF2
// fonts, and its 475 KB dictionary would be parsed at every cold start. The documents embed TrueType files only.
export default function decompress() {
  throw new Error('WOFF2 fonts are not supported in the Lambda bundles: embed a TrueType (.ttf) font.');
}
