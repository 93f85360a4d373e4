/** A quoted-printable body: long lines split with "=", some bytes written as "=XX". */
function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const joined = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}$/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A mail file as its reader sees it: each body (the message's, or each part's) decoded when its
 * headers say it is quoted-printable, left as written otherwise — a 7-bit body is not decoded, so
 * "token=15ab" in a link stays as sent.
 */
export function mailText(raw: string): string {
  const out: string[] = [];
  let encoding = '';
  let inHeaders = true;
  let body: string[] = [];
  const flush = () => {
    const text = body.join('\n');
    if (body.length) out.push(encoding === 'quoted-printable' ? decodeQuotedPrintable(text) : text);
    body = [];
  };
  for (const line of raw.split(/\r?\n/)) {
    if (inHeaders) {
      out.push(line);
      const declared = /^content-transfer-encoding:\s*(\S+)/i.exec(line);
      if (declared) encoding = declared[1]!.toLowerCase();
      if (line === '') inHeaders = false;
    } else if (/^--\S+$/.test(line)) {
      // A part's boundary: its own headers follow.
      flush();
      out.push(line);
      inHeaders = true;
      encoding = '';
    } else body.push(line);
  }
  flush();
  return out.join('\n');
}
