import './app/public.css';
import { startPageViews } from './lib/pixel';
import { recordLeadsOfStartButtons } from './lib/tracking';

/**
 * Entry of the public pages (/, /consultar, /termos, /privacidade). They arrive prerendered (scripts/build-web.ts):
 * text, links and layout work before any script. This entry is a kilobyte: React and the page's code are fetched only
 * after the first frame is painted, so nothing competes with the page's own HTML, and then hydrate it. Every other
 * path is served app.html, the app's entry (main.tsx).
 */
const container = document.getElementById('root')!;

recordLeadsOfStartButtons();

requestAnimationFrame(() =>
  setTimeout(() => {
    void import('./public-hydrate').then(({ hydratePublicPage }) => hydratePublicPage(container));
  }, 0),
);
startPageViews();
