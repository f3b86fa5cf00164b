import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandRoot } from '@/components/island';

/** React takes over one island of a prerendered page; resolves once it is live (its effects have run). */
export function hydrateIsland(element: HTMLElement, Component: ComponentType): Promise<void> {
  return new Promise((resolve) => {
    hydrateRoot(
      element,
      <IslandRoot onMounted={resolve}>
        <Component />
      </IslandRoot>,
    );
  });
}
