import { describe, expect, it } from 'vitest';
import { sustainedRate, type StepResult } from '../../../scripts/load/open-loop.js';

const step = (rate: number, over: Partial<StepResult> = {}): StepResult => ({
  rate,
  seconds: 10,
  sent: rate * 10,
  ok: rate * 10,
  errors: 0,
  skipped: 0,
  achieved: rate,
  p50: 5,
  p95: 20,
  p99: 40,
  errorsByStatus: {},
  ...over,
});

describe('the load test: the rate a route held', () => {
  it('is the highest step with no error, nothing skipped and the rate achieved', () => {
    expect(sustainedRate([step(25), step(50), step(100, { errors: 1 })])).toBe(50);
    expect(sustainedRate([step(25), step(50, { skipped: 3 })])).toBe(25);
    expect(sustainedRate([step(25), step(50, { achieved: 40 })])).toBe(25);
  });

  it('counts a step as broken when its p99 passes the limit, and only then', () => {
    const steps = [step(25), step(50, { p99: 100 }), step(100, { p99: 101 })];
    expect(sustainedRate(steps, 100)).toBe(50);
    expect(sustainedRate(steps)).toBe(100);
    expect(sustainedRate([step(25, { p99: 250 })], 100)).toBe(0);
  });
});
