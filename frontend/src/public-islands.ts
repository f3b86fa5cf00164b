import { ISLANDS, isIslandName, type IslandName } from './app/islands';

/**
 * What wakes an island: a pointer over it (a mouse about to click, a finger that touched it), the focus entering it (a
 * tap on its field, the keyboard) or a form sent from it. Until then the page has loaded none of its code, React
 * included: a visitor who only reads pays nothing for it.
 */
const WAKE_EVENTS = ['pointerover', 'focusin', 'submit'] as const;

type HeldSubmit = { form: HTMLFormElement; submitter: HTMLElement | null };

/**
 * Arms every island of a prerendered page (`data-island`, components/island.tsx). Once this returns, whatever the
 * visitor does inside an island is handled: a form sent before the island's code has arrived is held and sent again
 * once React has taken it over, so a quick search is never lost nor submitted natively.
 */
export function armIslands(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island;
    if (isIslandName(name)) armIsland(element, name);
    else console.warn('Unknown island', name);
  }
}

function armIsland(element: HTMLElement, name: IslandName): void {
  let waking = false;
  let held: HeldSubmit | null = null;
  const wake = (event: Event) => {
    if (event.type === 'submit' && event.target instanceof HTMLFormElement) {
      event.preventDefault();
      held = { form: event.target, submitter: (event as SubmitEvent).submitter };
    }
    if (waking) return;
    waking = true;
    element.dataset.islandWaking = '';
    loadIsland(element, name).then(
      () => {
        for (const type of WAKE_EVENTS) element.removeEventListener(type, wake, true);
        delete element.dataset.islandWaking;
        element.dataset.islandLive = '';
        const submit = held;
        held = null;
        if (!submit) return;
        // React reuses the prerendered nodes; were they replaced (a mismatch it recovered from), the island's own.
        const form = submit.form.isConnected ? submit.form : element.querySelector('form');
        form?.requestSubmit(submit.submitter?.isConnected ? submit.submitter : null);
      },
      (error: unknown) => {
        // Offline, or a deploy replaced the files: the next touch tries again.
        console.warn(`Island ${name} not loaded`, error);
        waking = false;
        held = null;
        delete element.dataset.islandWaking;
      },
    );
  };
  // Capture: the island's own handlers do not exist yet, and the held submit must never reach the browser.
  for (const type of WAKE_EVENTS) element.addEventListener(type, wake, true);
}

async function loadIsland(element: HTMLElement, name: IslandName): Promise<void> {
  const [{ hydrateIsland }, Component] = await Promise.all([import('./island-mount'), ISLANDS[name]()]);
  await hydrateIsland(element, Component);
}
