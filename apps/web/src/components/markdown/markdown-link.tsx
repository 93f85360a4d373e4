import type { ComponentPropsWithoutRef } from 'react';
import { Link, useInRouterContext } from 'react-router';

export const linkClass =
  'font-medium text-blue-700 underline decoration-blue-700/30 underline-offset-2 hover:decoration-blue-700 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

// Files the server answers itself (the feed, API paths) must not be routed inside the app.
const SERVER_PATH = /^\/(api|registry)\/|\.[a-z0-9]+$/i;

function isAppPath(href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  const path = href.split(/[?#]/, 1)[0] ?? '';
  return !SERVER_PATH.test(path);
}

/** Site paths navigate inside the app; anything else is an ordinary link. */
export function MarkdownLink({
  href = '',
  children,
  target,
  ...rest
}: ComponentPropsWithoutRef<'a'>) {
  const inRouter = useInRouterContext();
  if (inRouter && !target && isAppPath(href)) {
    return (
      <Link {...rest} to={href} className={linkClass}>
        {children}
      </Link>
    );
  }
  return (
    <a
      {...rest}
      href={href}
      target={target}
      // A page opened in a new tab gets no handle back to this one.
      rel={target ? 'noopener noreferrer' : undefined}
      className={linkClass}
    >
      {children}
    </a>
  );
}
