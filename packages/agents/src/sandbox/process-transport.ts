import { spawn, type ChildProcess } from 'node:child_process';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export type ProcessSpec = {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Run as this host user and group (only when the server itself may switch users). */
  uid?: number;
  gid?: number;
  /** The whole process group is killed this long after the start, whatever it is doing. */
  wallClockMs?: number;
  /** Called when the wall clock ends the process. */
  onWallClock?: () => void;
  /** Called once when the process has exited (however it ended). */
  onExit?: () => void;
};

const STDERR_KEEP = 4000;
const TERM_GRACE_MS = 2000;

/**
 * MCP over the stdio of a process started in its own process group, so that closing the
 * connection (or the wall-clock limit) ends the process and everything it started.
 */
export class ProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private child?: ChildProcess;
  private readonly buffer = new ReadBuffer();
  private stderrTail = '';
  private closed = false;
  private timer?: ReturnType<typeof setTimeout>;
  private started?: Promise<void>;

  private readonly spec: ProcessSpec;

  constructor(spec: ProcessSpec) {
    this.spec = spec;
  }

  /** The last few kilobytes the process wrote to stderr. */
  get stderr(): string {
    return this.stderrTail;
  }

  /** Starts the process once; the runner starts it and the MCP client asks again. */
  start(): Promise<void> {
    this.started ??= this.spawn();
    return this.started;
  }

  private spawn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.spec.command, this.spec.args, {
        env: this.spec.env,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
        uid: this.spec.uid,
        gid: this.spec.gid,
        windowsHide: true,
      });
      this.child = child;
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => resolve());
      child.once('close', () => this.finish());
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => {
        this.buffer.append(chunk);
        for (;;) {
          let message: JSONRPCMessage | null;
          try {
            message = this.buffer.readMessage();
          } catch (error) {
            this.onerror?.(error as Error);
            continue;
          }
          if (!message) break;
          this.onmessage?.(message);
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_KEEP);
      });
      if (this.spec.wallClockMs !== undefined) {
        this.timer = setTimeout(() => {
          this.spec.onWallClock?.();
          this.killGroup('SIGKILL');
        }, this.spec.wallClockMs);
        this.timer.unref();
      }
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      const stdin = this.child?.stdin;
      if (!stdin || stdin.destroyed) return resolve();
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  private killGroup(signal: NodeJS.Signals) {
    const pid = this.child?.pid;
    if (!pid || this.child?.exitCode !== null || this.child.signalCode !== null) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  }

  async close(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
      child.stdin?.end();
      this.killGroup('SIGTERM');
      const grace = setTimeout(() => this.killGroup('SIGKILL'), TERM_GRACE_MS);
      await exited;
      clearTimeout(grace);
    }
    this.finish();
  }

  private finish() {
    if (this.timer) clearTimeout(this.timer);
    if (this.closed) return;
    this.closed = true;
    this.spec.onExit?.();
    this.buffer.clear();
    this.onclose?.();
  }
}
