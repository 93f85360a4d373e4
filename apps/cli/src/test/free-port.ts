// One free-port helper for every package's tests.
export { freePort } from '@spoke/shared/testing/free-port';
