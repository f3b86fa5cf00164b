import './app/public.css';
import { addCanonicalLink } from './lib/canonical-link';
import { startPageViews } from './lib/pixel';
import { armIslands } from './public-islands';
import { recordLeadsOfStartButtons } from './lib/tracking';

/**
 * Entry of the public pages (/, /consultar, /duvidas, /termos, /privacidade). They arrive prerendered
 * (scripts/build-web.ts) and are never hydrated: text, links, the phone menu and the FAQ are HTML and CSS. This entry
 * is a few kilobytes (lead events, the canonical link, consent and the pixel after the page has loaded) and arms the
 * page's islands, the only parts with code of their own, which load when the visitor reaches for them
 * (public-islands.ts). Every other path is served app.html, the app's entry (main.tsx).
 */
recordLeadsOfStartButtons();
addCanonicalLink();
armIslands(document);
// `<html data-hydrated>`: everything on the page now answers the visitor (whoever drives it, browser tests included,
// knows when it may start); before, a form would submit natively.
document.documentElement.dataset.hydrated = '';
startPageViews();
