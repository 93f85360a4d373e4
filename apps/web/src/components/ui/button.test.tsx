import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';

const button = () => screen.getByRole('button') as HTMLButtonElement;

describe('Button', () => {
  it('while pending: disabled, busy, a spinner and the pending label', () => {
    const view = render(<Button pendingLabel="Saving...">Save</Button>);
    expect(button().textContent).toBe('Save');
    expect(button().disabled).toBe(false);
    expect(button().getAttribute('aria-busy')).toBe('false');

    view.rerender(
      <Button pending pendingLabel="Saving...">
        Save
      </Button>,
    );
    expect(button().textContent).toBe('Saving...');
    expect(button().disabled).toBe(true);
    expect(button().getAttribute('aria-busy')).toBe('true');
    expect(button().querySelector('svg.animate-spin')).not.toBeNull();
  });

  it('keeps its label while pending when it has no pending label', () => {
    render(<Button pending>Withdraw request</Button>);
    expect(button().textContent).toBe('Withdraw request');
  });

  it('with keepFocus stays focusable while pending and ignores clicks', () => {
    const onClick = vi.fn();
    const view = render(
      <Button keepFocus onClick={onClick}>
        Apply
      </Button>,
    );
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(1);

    button().focus();
    view.rerender(
      <Button keepFocus pending onClick={onClick}>
        Apply
      </Button>,
    );
    expect(button().disabled).toBe(false);
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button());
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('with keepFocus does not submit its form while pending', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" keepFocus pending>
          Save
        </Button>
      </form>,
    );
    fireEvent.click(button());
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
