import type * as ChildProcess from 'node:child_process';
import type * as Crypto from 'node:crypto';
import type * as Fs from 'node:fs';
import type * as Http from 'node:http';
import type * as Https from 'node:https';
import { createRequire } from 'node:module';
import type * as Net from 'node:net';
import type * as Readline from 'node:readline';
import type * as Tls from 'node:tls';
import type * as Tty from 'node:tty';

// Node builtins are loaded with require, not import: an ESM import reads every export of the
// module, which loads fs/promises for node:fs and undici (http.WebSocket) for node:http, and
// costs 4 to 15 MB of memory in a process that must stay under 50 MB.
const load = createRequire(import.meta.url);

export const fs = load('node:fs') as typeof Fs;
export const loadHttp = () => load('node:http') as typeof Http;
export const loadHttps = () => load('node:https') as typeof Https;
/** Sockets alone, without node:http's parser and agents (about 1.7 MB less). */
export const loadNet = () => load('node:net') as typeof Net;
/** TLS sockets alone, without node:https (about 1.5 MB less). */
export const loadTls = () => load('node:tls') as typeof Tls;
export const loadCrypto = () => load('node:crypto') as typeof Crypto;
export const loadChildProcess = () => load('node:child_process') as typeof ChildProcess;
/** A package that cannot be bundled (a native addon); throws when it is not installed. */
export const loadPackage = (name: string) => load(name) as unknown;
export const loadReadline = () => load('node:readline') as typeof Readline;
export const loadTty = () => load('node:tty') as typeof Tty;
