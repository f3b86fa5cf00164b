import type { ComponentType } from 'react';

/**
 * The React islands of the prerendered public pages, by the name their `<Island>` carries in the HTML: the browser loads
 * an island's component from here (public-islands.ts) and the build checks that each page's island is this one
 * (entry-server.tsx). Everything else on those pages is plain HTML and CSS: links, the phone menu (a popover), the FAQ.
 */
export const ISLANDS = {
  lookup: async () => (await import('@/features/lookup/components/lookup-search')).LookupSearch,
} satisfies Record<string, () => Promise<ComponentType>>;

export type IslandName = keyof typeof ISLANDS;

export const isIslandName = (name: string | undefined): name is IslandName =>
  name !== undefined && Object.hasOwn(ISLANDS, name);
