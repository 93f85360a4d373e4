import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLI_SAMPLES, PROMPT_SAMPLES } from '../demo-samples.ts';
import { PromptDemo } from './prompt-demo.tsx';
import { TerminalDemo } from './terminal-demo.tsx';

const first = PROMPT_SAMPLES[0] ?? '';

function setReducedMotion(reduce: boolean | null) {
  if (reduce === null) {
    Reflect.deleteProperty(window, 'matchMedia');
    return;
  }
  window.matchMedia = (query: string) =>
    ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

const shown = () => screen.getByTestId('prompt-demo-text').textContent;
// One act per timer: the next timer is only scheduled once React has rendered the last tick.
function tick(ms: number, times = 1) {
  for (let i = 0; i < times; i += 1) {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  // The shortest delays: 50 ms per typed character, 30 ms per erased one.
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  setReducedMotion(null);
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('typed prompt demo', () => {
  it('types a character every 50-80 ms, holds 2 s, then erases', () => {
    render(<PromptDemo />);
    expect(shown()).toBe('');
    tick(50);
    expect(shown()).toBe(first.slice(0, 1));
    tick(50, 9);
    expect(shown()).toBe(first.slice(0, 10));
    tick(50, first.length - 10);
    expect(shown()).toBe(first);
    tick(1999);
    expect(shown()).toBe(first);
    tick(1);
    tick(30);
    expect(shown()).toBe(first.slice(0, -1));
    tick(30, first.length - 1);
    expect(shown()).toBe('');
    tick(50);
    expect(shown()).toBe(PROMPT_SAMPLES[1]?.slice(0, 1));
  });

  it('gives screen readers the whole sample once, outside the animated box', () => {
    const { container } = render(<PromptDemo />);
    tick(50, 3);
    expect(screen.getByText(`Example agent description: ${first}`)).toBeTruthy();
    const box = screen.getByTestId('prompt-demo-text').closest('[aria-hidden="true"]');
    expect(box).not.toBeNull();
    expect(container.querySelector('[aria-live]:not([aria-live="off"])')).toBeNull();
  });

  it('shows the first sample whole and still under reduced motion', () => {
    setReducedMotion(true);
    render(<PromptDemo />);
    expect(shown()).toBe(first);
    expect(vi.getTimerCount()).toBe(0);
    tick(10_000);
    expect(shown()).toBe(first);
  });

  it('pauses while the tab is hidden', () => {
    render(<PromptDemo />);
    tick(50, 3);
    setVisibility('hidden');
    expect(vi.getTimerCount()).toBe(0);
    tick(5000);
    expect(shown()).toBe(first.slice(0, 3));
    setVisibility('visible');
    tick(50);
    expect(shown()).toBe(first.slice(0, 4));
  });

  it('leaves no timer behind when it unmounts', () => {
    const { unmount } = render(<PromptDemo />);
    tick(50, 5);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('terminal demo', () => {
  it('types a command and shows its output while it holds', () => {
    const [sample] = CLI_SAMPLES;
    render(<TerminalDemo />);
    const firstLine = sample?.output[0] ?? '';
    tick(50, sample?.command.length ?? 0);
    expect(screen.getByTestId('terminal-demo-text').textContent).toBe(sample?.command);
    expect(screen.getByText(firstLine)).toBeTruthy();
    tick(2000);
    tick(30);
    expect(screen.queryByText(firstLine)).toBeNull();
  });
});
