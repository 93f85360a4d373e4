/**
 * A text check of agent SQL that turns the common mistakes (a write, two statements) into a
 * clear message before anything runs. It guards nothing: agent SQL runs in an engine of the
 * agent's own that holds nothing else (isolate/sql-engine.ts), in a READ ONLY transaction that is
 * rolled back, and is stopped at its time limit.
 */

type Token = { kind: 'word' | 'quoted' | 'symbol'; text: string };

const WRITE_WORDS = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'UPSERT',
  'DROP',
  'ALTER',
  'CREATE',
  'TRUNCATE',
  'GRANT',
  'REVOKE',
  'COPY',
  'CALL',
  'DO',
  'VACUUM',
  'REINDEX',
  'CLUSTER',
  'LOCK',
  'INTO',
]);

// Block comments nest in PostgreSQL.
function skipBlockComment(sql: string, start: number): number {
  let depth = 0;
  let i = start;
  do {
    if (i >= sql.length) throw new Error('the query has an unterminated comment');
    if (sql.startsWith('/*', i)) {
      depth++;
      i += 2;
    } else if (sql.startsWith('*/', i)) {
      depth--;
      i += 2;
    } else i++;
  } while (depth > 0);
  return i;
}

/** Splits SQL into statements of tokens, skipping comments; throws on unterminated text. */
export function tokenize(sql: string): Token[][] {
  const statements: Token[][] = [[]];
  const push = (token: Token) => statements[statements.length - 1]?.push(token);
  let i = 0;
  const n = sql.length;
  const fail = (what: string) => {
    throw new Error(`the query has an unterminated ${what}`);
  };
  while (i < n) {
    const c = sql[i] as string;
    const rest = sql.slice(i, i + 2);
    if (/\s/.test(c)) {
      i++;
    } else if (rest === '--') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
    } else if (rest === '/*') {
      i = skipBlockComment(sql, i);
    } else if (c === "'") {
      const escapes = /[eE]/.test(sql[i - 1] ?? '') && !/[\w$]/.test(sql[i - 2] ?? '');
      i++;
      for (;;) {
        if (i >= n) fail('string');
        if (escapes && sql[i] === '\\') i += 2;
        else if (sql[i] === "'" && sql[i + 1] === "'") i += 2;
        else if (sql[i] === "'") break;
        else i++;
      }
      i++;
      push({ kind: 'symbol', text: "'" });
    } else if (c === '"') {
      let text = '';
      i++;
      for (;;) {
        if (i >= n) fail('quoted name');
        if (sql[i] === '"' && sql[i + 1] === '"') {
          text += '"';
          i += 2;
        } else if (sql[i] === '"') break;
        else text += sql[i++];
      }
      i++;
      push({ kind: 'quoted', text });
    } else if (c === '$' && /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.test(sql.slice(i))) {
      const tag = (/^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i)) as RegExpExecArray)[0];
      const end = sql.indexOf(tag, i + tag.length);
      if (end === -1) fail('dollar-quoted string');
      i = end + tag.length;
      push({ kind: 'symbol', text: "'" });
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      const word =
        /^[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/.exec(sql.slice(i))?.[0] ?? c;
      push({ kind: 'word', text: word });
      i += word.length;
    } else if (c === ';') {
      statements.push([]);
      i++;
    } else {
      push({ kind: 'symbol', text: c });
      i++;
    }
  }
  return statements.filter((s) => s.length > 0);
}

/** Why agent SQL is refused, or null when it passes the text check. */
export function readOnlyProblem(sql: string): string | null {
  let statements: Token[][];
  try {
    statements = tokenize(sql);
  } catch (error) {
    return (error as Error).message;
  }
  if (statements.length === 0) return 'the query is empty';
  if (statements.length > 1) return 'only one statement per query (remove the extra ";")';
  const tokens = statements[0] as Token[];
  const firstWord = tokens.find((t) => t.kind !== 'symbol' || t.text !== '(');
  const first = firstWord?.kind === 'word' ? firstWord.text.toUpperCase() : '';
  if (first !== 'SELECT' && first !== 'WITH') {
    return `only SELECT queries are allowed (this one starts with ${first || firstWord?.text || 'nothing'})`;
  }
  for (const token of tokens) {
    const upper = token.text.toUpperCase();
    if (token.kind === 'word' && WRITE_WORDS.has(upper)) {
      return `only reading is allowed: ${upper} is not permitted in a query`;
    }
  }
  return null;
}
