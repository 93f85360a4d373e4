/**
 * `url` without the slashes it ends in: a base address to which a path is appended
 * ("https://registry.example.com/" + "/v0.1/servers"), or two issuers compared as written.
 */
export function withoutTrailingSlash(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}
