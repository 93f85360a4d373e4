import { createRequire } from 'node:module';

// People's first names in Latin letters, from the Moby lists and the locales of faker
// (scripts/names.ts records them and where they come from): "Priya", "Caio", "Aoife". A
// capitalised word no dictionary knows is a person's name when it is one of these.

let names: ReadonlySet<string> | null = null;

/** Whether the word is a first name the lists know, whatever its case (read on first use). */
export function givenName(word: string): boolean {
  names ??= new Set(
    (createRequire(import.meta.url)('./given-names.json') as { names: string[] }).names.map(
      (name) => name.toLowerCase(),
    ),
  );
  const lower = word.toLowerCase();
  // ("Tomás" as "Tomas": a name written with or without its accents.)
  return names.has(lower) || names.has(lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''));
}
