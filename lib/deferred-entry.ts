import { createHash } from 'node:crypto';

/**
 * How a public page without an island starts its entry (frontend/src/public-main.tsx: lead events, the canonical link,
 * the pixel's consent): once the page has loaded and painted its first content. Nothing on such a page needs it to
 * read, follow a link or open the FAQ, and a script fetched before the first paint shares a slow phone's narrow
 * network with the page itself, on the way to its largest paint. Where the browser reports no paint (an older one,
 * a tab opened in the background), three seconds after the load. The entry's URL is the script element's
 * `data-entry` (scripts/build-web.ts), so the loader's text is the same on every page and build, and the
 * Content-Security-Policy (lib/constructs/web.ts) allows exactly this text by its hash, with no 'unsafe-inline'.
 */
export const DEFERRED_ENTRY_LOADER = [
  '(function(src){var started=false;',
  "function start(){if(started)return;started=true;var s=document.createElement('script');s.type='module';s.src=src;document.head.appendChild(s)}",
  'function afterPaint(){setTimeout(start,3000);try{new PerformanceObserver(function(list){',
  "if(list.getEntriesByName('first-contentful-paint').length)setTimeout(start)}).observe({type:'paint',buffered:true})}catch(e){}}",
  "if(document.readyState==='complete')afterPaint();else addEventListener('load',afterPaint,{once:true})",
  '})(document.currentScript.dataset.entry)',
].join('');

/** The CSP source that allows the loader, and nothing else inline. */
export const DEFERRED_ENTRY_LOADER_CSP_SOURCE = `'sha256-${createHash('sha256').update(DEFERRED_ENTRY_LOADER).digest('base64')}'`;
