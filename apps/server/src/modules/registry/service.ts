import type { Db } from '../../db/client.ts';
import { createRegistryListing } from './listing.ts';
import { createPublisherRecords } from './publishers.ts';
import { createPublishing } from './publishing.ts';
import { createVersionReader } from './versions.ts';

export type RegistryService = ReturnType<typeof createRegistryService>;

/**
 * The registry the routes use: its listing, one server's versions, publishing, and what it
 * holds of publishers. `listingCacheMs`: see `createRegistryListing`; publishing here forgets
 * the kept listings.
 */
export function createRegistryService(db: Db, options: { listingCacheMs: number }) {
  const listing = createRegistryListing(db, options);
  return {
    listBody: listing.listBody,
    /** Listings changed (moderation): none kept so far is sent again. */
    forgetListings: listing.forget,
    ...createVersionReader(db),
    ...createPublishing(db, { published: listing.forget }),
    ...createPublisherRecords(db),
  };
}
