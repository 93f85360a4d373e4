/** "Section · Docs"; the docs home is "Documentation". The page-title hook adds "· Spoke". */
export function docsTitle(page?: string): string {
  return page ? `${page} · Docs` : 'Documentation';
}
