import { CliError } from '../errors.ts';
import type { ClientEntry, ClientFormat } from './clients.ts';
import {
  editObject,
  indentUnit,
  JsoncError,
  lineColumn,
  memberIndent,
  parseJsonc,
  render,
  valueOf,
} from './jsonc.ts';
import { readTomlServers, TomlUnsafe } from './toml.ts';
import { readYamlServers, YamlUnsafe } from './yaml.ts';

/** A client's file: its server entries, and its text with other entries in their place. */
export type ClientDocument = {
  entries: Record<string, ClientEntry>;
  /** The file's text with these entries set (an entry) or deleted (null); all else unchanged. */
  apply: (next: Record<string, ClientEntry | null>) => string;
};

const HINT = 'fix the file by hand or move it away; nothing was written';
const refuse = (message: string) => new CliError(message, { code: 'CONFIG_INVALID', hint: HINT });
const kept = (next: Record<string, ClientEntry | null>) =>
  Object.fromEntries(Object.entries(next).filter(([, e]) => e));

function jsonDocument(file: string, key: string, text: string): ClientDocument {
  if (!text.trim()) {
    return { entries: {}, apply: (next) => `${render({ [key]: kept(next) }, '', '  ')}\n` };
  }
  let root;
  try {
    root = parseJsonc(text);
  } catch (err) {
    if (!(err instanceof JsoncError)) throw err;
    throw refuse(`${file} is not valid JSON at ${lineColumn(text, err.offset)}: ${err.message}`);
  }
  if (root.kind !== 'object') throw refuse(`${file} does not hold a JSON object`);
  const member = root.members.findLast((m) => m.key === key);
  if (member && member.value.kind !== 'object') throw refuse(`${file}: "${key}" is not an object`);
  const map = member?.value.kind === 'object' ? member.value : null;
  const entries = (map ? valueOf(map) : {}) as Record<string, ClientEntry>;
  const unit = indentUnit(text, root);
  const none = { remove: new Set<string>(), replace: new Map<string, string>() };
  return {
    entries,
    apply: (next) => {
      if (!map) {
        // The key is new: it goes last in the file's object, every other byte as it was.
        const value = render(kept(next), memberIndent(text, root, unit), unit);
        const edited = editObject(text, root, { ...none, add: [[key, value]] }, unit);
        return text.slice(0, root.start) + edited + text.slice(root.end);
      }
      const inner = memberIndent(text, map, unit);
      const named = (present: boolean) =>
        Object.entries(next).filter(([n, e]) => e && Object.hasOwn(entries, n) === present);
      const edited = editObject(
        text,
        map,
        {
          remove: new Set(Object.keys(next).filter((n) => !next[n])),
          replace: new Map(named(true).map(([n, e]) => [n, render(e, inner, unit)])),
          add: named(false).map(([n, e]) => [n, render(e, inner, unit)] as const),
        },
        unit,
      );
      return text.slice(0, map.start) + edited + text.slice(map.end);
    },
  };
}

/** The client's file read for export; `text` is null when the file does not exist yet. */
export function openDocument(format: ClientFormat, text: string | null): ClientDocument {
  const source = text ?? '';
  if (format.syntax === 'json') return jsonDocument(format.file, format.key, source);
  try {
    return format.syntax === 'toml'
      ? readTomlServers(source, format.key)
      : readYamlServers(source, format.key);
  } catch (err) {
    if (err instanceof TomlUnsafe || err instanceof YamlUnsafe) {
      throw refuse(`${format.file} cannot be merged safely: ${err.message}`);
    }
    throw err;
  }
}
