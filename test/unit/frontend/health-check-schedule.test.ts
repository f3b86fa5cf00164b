import { describe, expect, it } from 'vitest';
import { HEALTH_CHECK_INTERVAL_MS, shouldCheckHealth } from '../../../frontend/src/lib/health-check-schedule.js';

const now = Date.UTC(2025, 0, 1, 12);
const due = { now, lastCheckAt: now - HEALTH_CHECK_INTERVAL_MS, visible: true, online: true };

describe('shouldCheckHealth (spec 01 §9)', () => {
  it('checks every 2 minutes at most', () => {
    expect(HEALTH_CHECK_INTERVAL_MS).toBe(120_000);
    expect(shouldCheckHealth(due)).toBe(true);
    expect(shouldCheckHealth({ ...due, lastCheckAt: now - HEALTH_CHECK_INTERVAL_MS + 1 })).toBe(false);
    expect(shouldCheckHealth({ ...due, lastCheckAt: now - 10 * 60_000 })).toBe(true);
  });

  it('checks at once when nothing was checked yet', () => {
    expect(shouldCheckHealth({ ...due, lastCheckAt: null })).toBe(true);
  });

  it('never checks from a hidden page or while offline', () => {
    expect(shouldCheckHealth({ ...due, lastCheckAt: null, visible: false })).toBe(false);
    expect(shouldCheckHealth({ ...due, lastCheckAt: null, online: false })).toBe(false);
  });
});
