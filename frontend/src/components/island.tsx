import { createContext, StrictMode, useContext, useEffect, type ComponentType, type ReactNode } from 'react';
import type { IslandName } from '@/app/islands';
import { ErrorBoundary } from './error-boundary';

/**
 * The build's prerender collects the islands of a page here (entry-server.tsx): each is rendered as a React root of its
 * own, the root the browser hydrates, so ids (useId) and markup agree between the two.
 */
export const IslandSlots = createContext<ComponentType[] | null>(null);

/**
 * The root of an island, on the server and in the browser alike: the tree must be the same on both sides. `onMounted`
 * runs once React has taken the island over (the browser only).
 */
export function IslandRoot({ children, onMounted }: { children: ReactNode; onMounted?: () => void }) {
  return (
    <StrictMode>
      <ErrorBoundary>{children}</ErrorBoundary>
      <Mounted onMounted={onMounted} />
    </StrictMode>
  );
}

function Mounted({ onMounted }: { onMounted?: () => void }) {
  useEffect(() => onMounted?.(), [onMounted]);
  return null;
}

/**
 * An interactive part of a prerendered public page (app/islands.ts): the rest of the page is static HTML that is never
 * hydrated, and only an island's code runs, loaded when the visitor first reaches for it (public-islands.ts). Inside
 * the app's router (app.html) it is an ordinary part of the tree. The component takes no props: a prop would have to
 * travel in the HTML to the island's own root.
 */
export function Island({ name, component: Component }: { name: IslandName; component: ComponentType }) {
  const slots = useContext(IslandSlots);
  if (slots) {
    slots.push(Component);
    return <div data-island={name} data-island-slot={slots.length - 1} />;
  }
  return (
    <div data-island={name}>
      <Component />
    </div>
  );
}
