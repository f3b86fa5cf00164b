/** Spec 01 §9: the API is checked at most every 2 minutes, and only while the page is visible and online. */
export const HEALTH_CHECK_INTERVAL_MS = 2 * 60 * 1000;
/** How often the schedule is looked at; a look costs nothing, only a due check reaches the network. */
export const HEALTH_CHECK_TICK_MS = 30 * 1000;

export type HealthCheckContext = { now: number; lastCheckAt: number | null; visible: boolean; online: boolean };

export function shouldCheckHealth({ now, lastCheckAt, visible, online }: HealthCheckContext): boolean {
  if (!visible || !online) return false;
  return lastCheckAt === null || now - lastCheckAt >= HEALTH_CHECK_INTERVAL_MS;
}
