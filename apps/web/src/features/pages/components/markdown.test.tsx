import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

function renderMarkdown(text: string) {
  const router = createMemoryRouter([{ path: '/', element: <Markdown>{text}</Markdown> }]);
  return render(<RouterProvider router={router} />);
}

describe('Markdown', () => {
  it('never renders raw HTML as elements', () => {
    const { container } = renderMarkdown(
      'Text <b>bold</b> <img src=x onerror="alert(1)">\n\n<script>alert(1)</script>',
    );
    expect(container.querySelector('b, img, script')).toBeNull();
  });

  it('numbers repeated heading ids the way GitHub does', () => {
    const { container } = renderMarkdown('## Plans & billing\n\n### Limits\n\n## Limits');
    const ids = [...container.querySelectorAll('h2, h3')].map((h) => h.id);
    expect(ids).toEqual(['plans--billing', 'limits', 'limits-1']);
  });

  it('renders GitHub tables and marks links that leave the site', () => {
    renderMarkdown('| A | B |\n|---|---|\n| 1 | 2 |\n\n[Out](https://example.com)');
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Out' }).getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
  });
});
