import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, dataOf, testContext, textOf } from './test-support.ts';

const ORDERS = {
  orders: [
    { id: 1, status: 'open', items: [{ price: 10, qty: 2 }] },
    { id: 2, status: 'closed', items: [{ price: 5, qty: 1 }] },
    { id: 3, status: 'open', items: [{ price: 1.5, qty: 4 }] },
  ],
};

describe('transform', () => {
  let mcp: Awaited<ReturnType<typeof connect>>;

  beforeAll(async () => {
    mcp = await connect('transform', testContext().ctx);
  });
  afterAll(async () => mcp.close());

  it('json_query picks, sums and reshapes', async () => {
    const ids = await mcp.call('json_query', {
      expression: 'orders[status="open"].id',
      input: ORDERS,
    });
    expect(dataOf(ids)).toEqual({ matched: true, result: [1, 3] });
    const total = await mcp.call('json_query', {
      expression: '$sum(orders.items.(price * qty))',
      input: ORDERS,
    });
    expect(dataOf(total)).toEqual({ matched: true, result: 31 });
    const shaped = await mcp.call('json_query', {
      expression: 'orders.{"order": id, "open": status = "open"}',
      input: ORDERS,
    });
    expect(dataOf(shaped).result).toEqual([
      { order: 1, open: true },
      { order: 2, open: false },
      { order: 3, open: true },
    ]);
    const none = await mcp.call('json_query', {
      expression: 'orders[status="lost"]',
      input: ORDERS,
    });
    expect(dataOf(none)).toEqual({ matched: false, result: null });
    expect(textOf(none)).toMatch(/^Nothing matched\./);
  });

  it('json_query explains bad expressions, failures and endless loops', async () => {
    const syntax = await mcp.call('json_query', { expression: 'orders[', input: ORDERS });
    expect(syntax.isError).toBe(true);
    expect(textOf(syntax)).toBe(
      'invalid JSONata expression: Expected "]" before end of expression (at position 7)',
    );
    const runtime = await mcp.call('json_query', { expression: '$string(1/0)', input: {} });
    expect(textOf(runtime)).toMatch(/^the expression failed: .*Infinity/);
    const lambda = await mcp.call('json_query', { expression: 'function($x){ $x }', input: {} });
    expect(textOf(lambda)).toBe(
      'the expression returns a function, not data; call it or remove it',
    );
    const loop = await mcp.call('json_query', {
      expression: '($f := function($x){ $f($x) }; $f(1))',
      input: {},
    });
    expect(loop.isError).toBe(true);
    expect(textOf(loop)).toBe(
      'the expression ran longer than 1000 ms and was stopped (check for an endless loop or a regular expression that backtracks)',
    );
  });

  it('json_query stops a catastrophic regular expression, and the thread stays free', async () => {
    // JSONata checks its own timeout between steps only: one backtracking match never yields.
    const started = performance.now();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    const evil = await mcp.call('json_query', {
      expression: '$match(s, /^(a+)+$/)',
      input: { s: `${'a'.repeat(40)}!` },
    });
    clearInterval(ticker);
    const elapsed = performance.now() - started;
    expect(evil.isError).toBe(true);
    expect(textOf(evil)).toMatch(/^the expression ran longer than 1000 ms and was stopped/);
    expect(elapsed).toBeLessThan(10_000);
    // The event loop kept turning while the expression ran elsewhere.
    expect(ticks).toBeGreaterThan(10);
    // A fresh worker answers the next expression.
    const next = await mcp.call('json_query', { expression: '$sum([1,2])', input: {} });
    expect(dataOf(next)).toEqual({ matched: true, result: 3 });
  });

  it('json_query: an expression that exhausts memory ends its worker, not the server', async () => {
    const hog = await mcp.call('json_query', {
      expression: '($a := [1..1000000]; $b := $a.[$, $, $, $, $, $, $, $]; $count($b))',
      input: {},
    });
    expect(hog.isError).toBe(true);
    expect(textOf(hog)).toMatch(/stopped|longer than|sequence/);
    const next = await mcp.call('json_query', { expression: '"ok"', input: {} });
    expect(dataOf(next)).toEqual({ matched: true, result: 'ok' });
  });

  it('csv_to_json reads headers, quotes and types', async () => {
    const csv = 'name;age;note\nAna;31;"likes ; and ""quotes"""\nBo;x;"two\nlines"\n\n';
    const text = dataOf(await mcp.call('csv_to_json', { csv }));
    expect(text).toEqual({
      fields: ['name', 'age', 'note'],
      delimiter: ';',
      row_count: 2,
      rows: [
        { name: 'Ana', age: '31', note: 'likes ; and "quotes"' },
        { name: 'Bo', age: 'x', note: 'two\nlines' },
      ],
    });
    const typed = dataOf(
      await mcp.call('csv_to_json', { csv: 'a,b\n1,true\n2.5,false', dynamic_typing: true }),
    );
    expect(typed.rows).toEqual([
      { a: 1, b: true },
      { a: 2.5, b: false },
    ]);
    const arrays = dataOf(
      await mcp.call('csv_to_json', { csv: 'a\tb\n1\t2', header: false, delimiter: '\t' }),
    );
    expect(arrays).toMatchObject({
      fields: null,
      rows: [
        ['a', 'b'],
        ['1', '2'],
      ],
    });
  });

  it('csv_to_json reports malformed CSV with row numbers', async () => {
    const ragged = await mcp.call('csv_to_json', { csv: 'a,b,c\n1,2,3\n4,5\n6,7,8,9' });
    expect(ragged.isError).toBe(true);
    expect(textOf(ragged)).toBe(
      'the CSV is malformed (rows counted after the header):\n' +
        'row 2: Too few fields: expected 3 fields but parsed 2\n' +
        'row 3: Too many fields: expected 3 fields but parsed 4',
    );
    const quote = await mcp.call('csv_to_json', { csv: 'a,b\n1,"open' });
    expect(textOf(quote)).toContain('Quoted field unterminated');
    const empty = await mcp.call('csv_to_json', { csv: '  \n' });
    expect(textOf(empty)).toBe('the CSV is empty');
    const delimiter = await mcp.call('csv_to_json', { csv: 'a', delimiter: '::' });
    expect(delimiter.isError).toBe(true);
  });

  it('json_to_csv writes objects and arrays', async () => {
    const result = await mcp.call('json_to_csv', {
      rows: [
        { name: 'Ana', tags: ['a', 'b'] },
        { name: 'Bo, Jr.', age: 40 },
      ],
    });
    expect(textOf(result)).toBe('name,tags,age\r\nAna,"[""a"",""b""]",\r\n"Bo, Jr.",,40');
    expect(dataOf(result)).toMatchObject({ row_count: 2 });
    const picked = await mcp.call('json_to_csv', {
      rows: [{ a: 1, b: '=SUM(A1)', c: 3 }],
      columns: ['b', 'a'],
      delimiter: ';',
      escape_formulae: true,
    });
    expect(textOf(picked)).toBe(`b;a\r\n"'=SUM(A1)";1`);
    const arrays = await mcp.call('json_to_csv', {
      rows: [
        ['x', 1],
        ['y', null],
      ],
    });
    expect(textOf(arrays)).toBe('x,1\r\ny,');
  });

  it("json_to_csv leaves empty a column a row lacks, even one named like Object's members", async () => {
    const result = await mcp.call('json_to_csv', {
      rows: [{ name: 'Ana', constructor: 'x' }, { name: 'Bo' }],
      columns: ['name', 'constructor', 'toString', '__proto__', 'missing'],
    });
    expect(textOf(result)).toBe(
      'name,constructor,toString,__proto__,missing\r\nAna,x,,,\r\nBo,,,,',
    );
    const found = await mcp.call('json_to_csv', { rows: [{ hasOwnProperty: 1 }, { valueOf: 2 }] });
    expect(textOf(found)).toBe('hasOwnProperty,valueOf\r\n1,\r\n,2');
  });

  it('json_to_csv refuses rows it cannot write', async () => {
    const scalar = await mcp.call('json_to_csv', { rows: [{ a: 1 }, 5] });
    expect(textOf(scalar)).toBe('row 2 is not an object or an array');
    const mixed = await mcp.call('json_to_csv', { rows: [{ a: 1 }, [1]] });
    expect(textOf(mixed)).toBe('rows must be all objects or all arrays, not a mix');
    const none = await mcp.call('json_to_csv', { rows: [] });
    expect(none.isError).toBe(true);
    expect(textOf(none)).toContain('give at least one row');
  });
});
