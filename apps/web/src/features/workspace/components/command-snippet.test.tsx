import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CommandSnippet } from './command-snippet.tsx';

describe('a command snippet', () => {
  it('reads as the command, and may wrap only between words or after a / or @', () => {
    const { container } = render(
      <CommandSnippet command="spoke install dev.spoke.catalog/github@1.0.0" label="Copy" />,
    );
    const code = container.querySelector('code')!;
    expect(code.textContent).toBe('$ spoke install dev.spoke.catalog/github@1.0.0');
    expect(code.className).not.toContain('break-all');
    expect(code.innerHTML.replace(/<span[^>]*>.*?<\/span>/, '')).toBe(
      'spoke install dev.spoke.catalog/<wbr>github@<wbr>1.0.0',
    );
  });

  it('keeps a package scope with its name', () => {
    const { container } = render(
      <CommandSnippet command="npm install -g @spoke/cli" label="Copy" />,
    );
    expect(container.querySelector('code')!.innerHTML).toContain('@spoke/<wbr>cli');
  });
});
