import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to show its heading (a lazy screen, its first data) before the announcer gives up. */
const HEADING_WAIT_MS = 10_000;
const FORM_FIELDS = 'input, select, textarea';

/**
 * What a page load does for keyboard and screen-reader users, on every in-app navigation: focus moves to the new
 * page's main heading (so Tab continues from the top of the new content, not from a link that no longer exists) and
 * the heading is announced. A page that put the focus in one of its own fields on purpose (the lookup box, the
 * authenticator code) keeps it; the heading is still announced. The first render is a real page load: nothing to do.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const deadline = Date.now() + HEADING_WAIT_MS;
    let timer: ReturnType<typeof setTimeout>;
    const settle = () => {
      const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
      if (!heading) {
        if (Date.now() < deadline) timer = setTimeout(settle, 50);
        return;
      }
      const active = document.activeElement;
      const pageChoseFocus = active?.matches(FORM_FIELDS) && active.closest('main') !== null;
      if (!pageChoseFocus) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      setAnnouncement(heading.textContent?.trim() || document.title);
    };
    timer = setTimeout(settle, 0);
    return () => clearTimeout(timer);
  }, [pathname]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-route-announcer>
      {announcement}
    </div>
  );
}
