// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_TRANSITION_DELAY_MS } from '../../domain/timing';
import { useDelayedFlag } from '../../src/lib/use-delayed-flag';

describe('route transition delay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows progress only after the transition has been pending about 100 ms', () => {
    expect(ROUTE_TRANSITION_DELAY_MS).toBe(100);
    const { result, rerender } = renderHook(({ active }) => useDelayedFlag(active, ROUTE_TRANSITION_DELAY_MS), { initialProps: { active: true } });
    act(() => vi.advanceTimersByTime(ROUTE_TRANSITION_DELAY_MS - 1));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    rerender({ active: false });
    expect(result.current).toBe(false);
  });

  it('never shows for a transition shorter than the delay', () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedFlag(active, ROUTE_TRANSITION_DELAY_MS), { initialProps: { active: true } });
    act(() => vi.advanceTimersByTime(50));
    rerender({ active: false });
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe(false);
  });
});
