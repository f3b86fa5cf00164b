import { META_EVENT_NAMES, PIXEL_CONSENT_MESSAGES, type ConversionEvent } from '@domain/conversion-events.js';

/**
 * The marketing pixel (spec 01 §7, §9): Meta's pixel with a page view on the first load and on every route change,
 * only when the host is not localhost and a pixel id is configured. It runs on the public pages, which must stay
 * small: no zod, no runtime-config schema, nothing of Amplify or React Query here. The config is read with plain JSON
 * once the page has loaded, so the pixel never delays the first paint. Its cookies need the visitor's consent (LGPD
 * art. 7 I, as the privacy policy promises): until it is given, a small banner asks, and nothing of Meta loads.
 */

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
  /** The pixel's own history-change page views: off, the router tells it instead (or each view would count twice). */
  disablePushState?: boolean;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

/** domain/schemas/runtime-config.ts's RUNTIME_CONFIG_PATH, not imported: that module carries zod. */
const CONFIG_PATH = '/config.json';
const PIXEL_SCRIPT = 'https://connect.facebook.net/en_US/fbevents.js';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
/** The visitor's answer, kept in this browser: 'granted' or 'denied'. */
export const PIXEL_CONSENT_KEY = 'baixa_pixel_consent';

type PageState = { location: { pathname: string; search: string }; navigation: { state: string } };
/** What of react-router's data router the page views need (the app's entry passes its router). */
export type PageViewRouter = {
  readonly state: PageState;
  subscribe(listener: (state: PageState) => void): () => void;
};

/** The pixel never runs on a developer's machine. */
export function isPixelHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host !== '' && !LOCAL_HOSTS.has(host) && !host.endsWith('.localhost');
}

/** The pixel id of a /config.json, read without its schema: digits only, or nothing. */
export function pixelIdFrom(config: unknown): string | undefined {
  const id = (config as { metaPixelId?: unknown } | null)?.metaPixelId;
  return typeof id === 'string' && /^\d{5,20}$/.test(id) ? id : undefined;
}

/** Whether the pixel loads here: a real host and a configured id. */
export function shouldLoadPixel(hostname: string, pixelId: string | undefined): pixelId is string {
  return isPixelHost(hostname) && pixelId !== undefined;
}

export type PixelConsent = 'granted' | 'denied' | null;

/** What the page does about the pixel: nothing, ask for consent first, or load it. */
export function pixelDecision(
  hostname: string,
  pixelId: string | undefined,
  consent: PixelConsent,
): 'off' | 'ask' | 'load' {
  if (!shouldLoadPixel(hostname, pixelId) || consent === 'denied') return 'off';
  return consent === 'granted' ? 'load' : 'ask';
}

/** The stored answer (null: not asked yet, or storage unavailable). */
export function pixelConsent(): PixelConsent {
  try {
    const value = window.localStorage.getItem(PIXEL_CONSENT_KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Records the visitor's answer. Refusing or revoking stops the pixel at the next page load (Meta's script cannot be
 * unloaded) and stops the browser's conversion events too; a "cookie preferences" link can call it with `null` to ask
 * again.
 */
export function setPixelConsent(consent: PixelConsent): void {
  try {
    if (consent) window.localStorage.setItem(PIXEL_CONSENT_KEY, consent);
    else window.localStorage.removeItem(PIXEL_CONSENT_KEY);
  } catch {
    // Storage blocked: the answer lasts for this page only.
  }
}

let pixel: Fbq | null = null;

/**
 * The pixel's side of a conversion, with the server's event id so Meta counts the pair once. Nothing happens while
 * the pixel is not loaded (localhost, no id, not yet, or blocked): the server-side event still goes.
 */
export function trackPixelEvent(event: ConversionEvent, eventId: string, data: Record<string, unknown> = {}): void {
  if (!pixel) return;
  const { name, standard } = META_EVENT_NAMES[event];
  pixel(standard ? 'track' : 'trackCustom', name, data, { eventID: eventId });
}

/**
 * Page views: the first one once the pixel has loaded, then one per route change (path or query) of `router`. The
 * prerendered public pages have no router: each is a page load of its own.
 */
export function startPageViews(router?: PageViewRouter): void {
  if (typeof window === 'undefined' || !isPixelHost(window.location.hostname)) return;
  afterPageLoad(async () => {
    const pixelId = await configuredPixelId();
    const decision = pixelDecision(window.location.hostname, pixelId, pixelConsent());
    if (decision === 'off' || pixelId === undefined) return;
    if (decision === 'load') loadPixel(pixelId, router);
    else askConsent(() => loadPixel(pixelId, router));
  });
}

function loadPixel(pixelId: string, router: PageViewRouter | undefined): void {
  const fbq = installPixel();
  fbq('init', pixelId);
  fbq('track', 'PageView');
  addNoScriptFallback(pixelId);
  pixel = fbq;
  if (!router) return;
  let last = pageKey(router.state.location);
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle') return;
    const key = pageKey(state.location);
    if (key === last) return;
    last = key;
    fbq('track', 'PageView');
  });
}

/** A plain-DOM banner (the public pages' React tree is not ours to change): accept loads the pixel at once. */
function askConsent(onGranted: () => void): void {
  const banner = document.createElement('div');
  banner.setAttribute('role', 'region');
  banner.setAttribute('aria-label', PIXEL_CONSENT_MESSAGES.label);
  banner.style.cssText =
    'position:fixed;left:1rem;right:1rem;bottom:1rem;z-index:1000;max-width:36rem;margin:0 auto;padding:1rem;' +
    'display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;background:#fff;color:#1a1a1a;border-radius:.5rem;' +
    'box-shadow:0 4px 24px rgba(0,0,0,.18);font:inherit;font-size:.9rem';
  const text = document.createElement('p');
  text.style.cssText = 'margin:0;flex:1 1 16rem';
  text.textContent = `${PIXEL_CONSENT_MESSAGES.text} `;
  const link = document.createElement('a');
  link.href = '/privacidade#cookies';
  link.textContent = PIXEL_CONSENT_MESSAGES.policyLink;
  text.appendChild(link);
  const button = (label: string, consent: 'granted' | 'denied', primary: boolean) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = label;
    element.className = primary ? 'btn btn--primary btn--small' : 'btn btn--small';
    element.addEventListener('click', () => {
      setPixelConsent(consent);
      banner.remove();
      if (consent === 'granted') onGranted();
    });
    return element;
  };
  banner.append(
    text,
    button(PIXEL_CONSENT_MESSAGES.refuse, 'denied', false),
    button(PIXEL_CONSENT_MESSAGES.accept, 'granted', true),
  );
  document.body.appendChild(banner);
}

const pageKey = (location: { pathname: string; search: string }) => `${location.pathname}${location.search}`;

function afterPageLoad(run: () => Promise<void>): void {
  const idle = () => {
    const start = () => void run().catch((error: unknown) => console.warn('Pixel not started', error));
    if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 3000 });
    else setTimeout(start, 1);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

async function configuredPixelId(): Promise<string | undefined> {
  const response = await fetch(CONFIG_PATH, { cache: 'no-store' });
  return response.ok ? pixelIdFrom(await response.json()) : undefined;
}

/** Meta's base code, without an inline script (the CSP allows none): the queueing stub, then its script. */
function installPixel(): Fbq {
  if (window.fbq) return window.fbq;
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  fbq.disablePushState = true;
  window.fbq = fbq;
  window._fbq ??= fbq;
  const script = document.createElement('script');
  script.async = true;
  script.src = PIXEL_SCRIPT;
  document.head.appendChild(script);
  return fbq;
}

/**
 * The no-script image fallback with the pixel id (spec 01 §7). Written as markup inside <noscript>: with scripts on,
 * the browser keeps it as text and loads no image, so the page view is not counted twice.
 */
function addNoScriptFallback(pixelId: string): void {
  const noscript = document.createElement('noscript');
  noscript.innerHTML = `<img height="1" width="1" style="display:none" src="https://www.facebook.com/tr?id=${pixelId}&ev=PageView&noscript=1"/>`;
  document.body.appendChild(noscript);
}
