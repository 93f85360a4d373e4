import { z } from 'zod';

/** A variable set to nothing counts as unset. */
export const emptyToUndefined = (v: unknown) =>
  typeof v === 'string' && v.trim() === '' ? undefined : v;
export const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
export const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
