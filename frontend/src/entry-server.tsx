import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { IslandRoot, IslandSlots } from '@/components/island';
import { NotFoundPage } from '@/components/not-found-page';
import { PublicLayout } from '@/components/public-layout';
import type { PublicPath } from '@domain/public-pages.js';
import { ISLANDS, isIslandName } from './app/islands';
import { PUBLIC_PAGE_LOADERS } from './app/public-pages';

/** Where the page's render left an island (components/island.tsx `Island`). */
const ISLAND_SLOT = /<div data-island="([\w-]+)" data-island-slot="(\d+)"><\/div>/g;

/**
 * Build-time rendering of a public page (scripts/build-web.ts): static HTML that is never hydrated, except its islands,
 * each rendered as the root the browser hydrates (components/island.tsx).
 */
export async function render(path: PublicPath): Promise<string> {
  const Page = await PUBLIC_PAGE_LOADERS[path]();
  const islands: ComponentType[] = [];
  const html = renderToString(
    <IslandSlots.Provider value={islands}>
      <StrictMode>
        <PublicLayout>
          <Page />
        </PublicLayout>
      </StrictMode>
    </IslandSlots.Provider>,
  );
  for (const [, name, slot] of html.matchAll(ISLAND_SLOT)) {
    // The browser hydrates the registry's component: a page naming another one would hydrate a different tree.
    if (!isIslandName(name) || (await ISLANDS[name]()) !== islands[Number(slot)]) {
      throw new Error(`${path}: island '${name}' is not the component app/islands.ts names so`);
    }
  }
  return html.replace(ISLAND_SLOT, (_slot, name: string, slot: string) => {
    const Component = islands[Number(slot)]!;
    const island = renderToString(
      <IslandRoot>
        <Component />
      </IslandRoot>,
    );
    return `<div data-island="${name}">${island}</div>`;
  });
}

/** The 404 page, as the app's catch-all route renders it: plain HTML that needs no script. */
export function renderNotFound(): string {
  return renderToString(
    <StrictMode>
      <NotFoundPage />
    </StrictMode>,
  );
}
