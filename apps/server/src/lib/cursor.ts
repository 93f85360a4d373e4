import { ErrorCode, isUuid } from '@spoke/shared';
import { AppError } from '../errors.ts';

/** Keyset paging over (created_at, id), newest first: stable while rows are added. */
export type Cursor = { createdAt: Date; id: string };

export function encodeCursor(row: Cursor): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

// What encodeCursor writes; years 1 to 9999 only, as PostgreSQL reads no others in this form.
const ISO_TIME = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The cursor, or undefined when it is not one of ours (the caller answers 400). */
export function decodeCursor(value: string): Cursor | undefined {
  const [at, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !isUuid(id) || !ISO_TIME.test(at ?? '') || Number.isNaN(createdAt.getTime())) {
    return undefined;
  }
  return { createdAt, id };
}

/** A `cursor` query parameter: undefined when absent, 400 with a field error when not ours. */
export function cursorParam(value: string | undefined): Cursor | undefined {
  if (value === undefined || value === '') return undefined;
  const cursor = decodeCursor(value);
  if (!cursor) {
    throw new AppError(400, ErrorCode.BAD_REQUEST, { fields: { cursor: 'Invalid cursor' } });
  }
  return cursor;
}

/** The cursor of the next page, or null on the last one. */
export const nextCursor = (page: { last?: Cursor; more: boolean }) =>
  page.more && page.last ? encodeCursor(page.last) : null;
