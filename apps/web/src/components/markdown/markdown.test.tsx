import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Markdown, type MarkdownHeading } from './markdown.tsx';
import { renderInRouter } from './test-render.tsx';

describe('headings', () => {
  it('get clean ids, an anchor link with a name, and are reported in order', async () => {
    const onHeadings = vi.fn<(headings: MarkdownHeading[]) => void>();
    renderInRouter(
      <Markdown
        source={'# Title\n\n## Install the CLI\n\n### Flags & defaults\n\n## Install the CLI'}
        onHeadings={onHeadings}
      />,
    );
    const h2 = screen.getAllByRole('heading', { level: 2, name: 'Install the CLI' });
    expect(h2.map((h) => h.id)).toEqual(['install-the-cli', 'install-the-cli-1']);
    const anchor = screen.getByRole('link', { name: 'Link to section: Flags & defaults' });
    expect(anchor.getAttribute('href')).toBe('#flags--defaults');
    await waitFor(() => expect(onHeadings).toHaveBeenCalled());
    expect(onHeadings.mock.lastCall?.[0]).toEqual([
      { id: 'title', text: 'Title', level: 1 },
      { id: 'install-the-cli', text: 'Install the CLI', level: 2 },
      { id: 'flags--defaults', text: 'Flags & defaults', level: 3 },
      { id: 'install-the-cli-1', text: 'Install the CLI', level: 2 },
    ]);
  });

  it('reports headings once per source, even when the callback changes every render', async () => {
    const seen: MarkdownHeading[][] = [];
    const view = renderInRouter(<Markdown source="## A" onHeadings={(h) => seen.push(h)} />);
    await waitFor(() => expect(seen).toHaveLength(1));
    view.rerender(<div />);
    expect(seen).toEqual([[{ id: 'a', text: 'A', level: 2 }]]);
  });

  it('prefixes ids written in raw HTML, so they cannot shadow page globals', () => {
    renderInRouter(<Markdown source={'<h2 id="location">Where</h2>'} />);
    expect(screen.getByRole('heading', { name: 'Where' }).id).toBe('user-content-location');
  });
});

describe('links', () => {
  it('navigates inside the app for site paths', async () => {
    const { router } = renderInRouter(<Markdown source="[Pricing](/pricing)" />);
    await userEvent.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(router.state.location.pathname).toBe('/pricing');
  });

  it('leaves files the server answers (the feed) to the browser', () => {
    renderInRouter(<Markdown source="[Feed](/blog/rss.xml)" />);
    const link = screen.getByRole('link', { name: 'Feed' });
    expect(link.getAttribute('href')).toBe('/blog/rss.xml');
  });

  it('adds noopener noreferrer when a link opens a new tab', () => {
    renderInRouter(
      <Markdown
        source={
          '[Plain](https://example.com) <a href="https://example.org" target="_blank">New</a>'
        }
      />,
    );
    expect(screen.getByRole('link', { name: 'Plain' }).getAttribute('rel')).toBeNull();
    const opened = screen.getByRole('link', { name: 'New' });
    expect(opened.getAttribute('target')).toBe('_blank');
    expect(opened.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps the allowed schemes and relative addresses', () => {
    renderInRouter(
      <Markdown
        source={
          '[a](https://x.dev) [b](http://x.dev) [c](mailto:a@b.c) [d](irc://h/c) [e](ircs://h/c) [f](xmpp:a@b.c) [g](guide/x) [h](#top) [i](?q=1)'
        }
      />,
    );
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'https://x.dev',
      'http://x.dev',
      'mailto:a@b.c',
      'irc://h/c',
      'ircs://h/c',
      'xmpp:a@b.c',
      'guide/x',
      '#top',
      '?q=1',
    ]);
  });

  it('links footnote references to their notes', () => {
    const { container } = renderInRouter(<Markdown source={'Claim[^1].\n\n[^1]: Source.'} />);
    const ref = container.querySelector('a[data-footnote-ref]');
    const target = ref?.getAttribute('href')?.slice(1) ?? '';
    expect(container.querySelector(`[id="${target}"]`)?.textContent).toContain('Source.');
  });
});

describe('safe HTML and GitHub Markdown', () => {
  it('keeps harmless HTML', () => {
    const { container } = renderInRouter(
      <Markdown
        source={
          '<details><summary>More</summary>Hidden</details>\n\nPress <kbd>/</kbd>, H<sub>2</sub>O, x<sup>2</sup>, <del>old</del>\n\n<img src="https://spoke.dev/a.png" alt="Diagram">'
        }
      />,
    );
    for (const tag of ['details', 'summary', 'kbd', 'sub', 'sup', 'del']) {
      expect(container.querySelector(tag), tag).not.toBeNull();
    }
    expect(screen.getByRole('img', { name: 'Diagram' }).getAttribute('src')).toBe(
      'https://spoke.dev/a.png',
    );
  });

  it('puts tables in a box that scrolls sideways', () => {
    renderInRouter(<Markdown source={'| Flag | Default |\n|:--|--:|\n| --limit | 5 |'} />);
    const table = screen.getByRole('table');
    expect(table.parentElement?.className).toContain('overflow-x-auto');
    expect(screen.getByRole('cell', { name: '5' }).className).toContain('text-right');
  });

  it('styles inline code apart from code blocks', () => {
    const { container } = renderInRouter(<Markdown source="Run `spoke list`." />);
    expect(container.querySelector('p code')?.className).toContain('font-mono');
  });

  it('renders without a router, with plain links', () => {
    render(<Markdown source="[Home](/)" />);
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  });
});

describe('code blocks', () => {
  it('show the language, plain code at once, and colours once the highlighter loads', async () => {
    const { container } = renderInRouter(
      <Markdown source={'```json\n{ "limit": 5 }\n```\n\n```\nplain\n```'} />,
    );
    const labels = [...container.querySelectorAll('[data-code-toolbar] span:first-child')];
    expect(labels.map((l) => l.textContent)).toEqual(['json', 'text']);
    const code = container.querySelectorAll('pre code');
    expect(code[0]?.textContent).toBe('{ "limit": 5 }');
    await waitFor(() => expect(code[0]?.querySelector('.hljs-attr')).not.toBeNull());
    expect(container.querySelectorAll('pre code')[0]?.textContent).toBe('{ "limit": 5 }');
    expect(container.querySelectorAll('pre code')[1]?.innerHTML).toBe('plain');
  });

  it('copy the code', async () => {
    const user = userEvent.setup();
    renderInRouter(<Markdown source={'```sh\nspoke init demo\n```'} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await act(async () => {
      expect(await navigator.clipboard.readText()).toBe('spoke init demo');
    });
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
  });
});
