import { Link } from 'react-router';
import { CONTENT_WIDTH } from './content-width.ts';

const SECTIONS = [
  {
    title: 'Platform',
    links: [
      { to: '/app/docs', label: 'Documentation' },
      { to: '/app/docs/quick-start', label: 'Quick Start' },
      { to: '/app/docs/commands', label: 'CLI Commands' },
      { to: '/pricing', label: 'Pricing' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: '/blog', label: 'Blog' },
      { to: '/help', label: 'Help Center' },
      { to: '/faq', label: 'FAQ' },
      { to: '/community', label: 'Community' },
      { to: '/status', label: 'Status' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/careers', label: 'Careers' },
      { to: '/press', label: 'Press' },
      { to: '/contact', label: 'Contact' },
      { to: '/security', label: 'Security' },
    ],
  },
] as const;

const LEGAL = [
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  { to: '/cookies', label: 'Cookies' },
] as const;

const footerLink =
  'rounded text-sm text-slate-600 hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className={`${CONTENT_WIDTH} grid grid-cols-2 gap-8 py-12 lg:grid-cols-4`}>
        <div className="col-span-2 lg:col-span-1">
          <Link to="/" className="text-lg font-bold tracking-tight text-blue-700">
            Spoke
          </Link>
          <p className="mt-2 max-w-xs text-sm text-slate-600">
            Describe an AI agent in plain language and get a working agent.
          </p>
        </div>
        {SECTIONS.map((section) => (
          <nav key={section.title} aria-labelledby={`footer-${section.title}`}>
            <h2
              id={`footer-${section.title}`}
              className="text-sm font-semibold tracking-wide text-slate-900"
            >
              {section.title}
            </h2>
            <ul className="mt-3 space-y-2">
              {section.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={footerLink}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200">
        <div
          className={`${CONTENT_WIDTH} flex flex-col gap-3 py-5 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between`}
        >
          <p>© {new Date().getFullYear()} Spoke. All rights reserved.</p>
          <nav aria-label="Legal">
            <ul className="flex gap-5">
              {LEGAL.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={footerLink}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
