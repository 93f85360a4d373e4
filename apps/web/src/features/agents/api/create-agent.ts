import {
  AgentResultSchema,
  CREATE_PHASES,
  envelope,
  type Agent,
  type CreateAgent,
  type CreatePhase,
} from '@spoke/shared';
import { ApiError } from '#web/lib/api/api-error.ts';
import { getToken } from '#web/lib/auth/token-store.ts';
import { clientError, errorFromBody, errorFromResponse } from './read-error.ts';

const NDJSON = 'application/x-ndjson';
const AgentAnswerSchema = envelope(AgentResultSchema);

function isPhase(value: unknown): value is CreatePhase {
  return typeof value === 'string' && (CREATE_PHASES as readonly string[]).includes(value);
}

/** Splits a streamed body into lines as they arrive. */
async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffered += decoder.decode(value, { stream: !done });
    let end = buffered.indexOf('\n');
    while (end >= 0) {
      yield buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf('\n');
    }
    if (done) break;
  }
  if (buffered.trim() !== '') yield buffered;
}

async function* wholeBodyLines(response: Response): AsyncGenerator<string> {
  yield* (await response.text()).split('\n');
}

/** One line of the stream: a phase, the saved agent, or the failure. */
function readLine(line: string, onPhase: (phase: CreatePhase) => void): Agent | null {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch (error) {
    throw clientError('INVALID_RESPONSE', error);
  }
  if (typeof message === 'object' && message !== null && 'phase' in message) {
    if (isPhase(message.phase)) onPhase(message.phase);
    return null;
  }
  const failure = errorFromBody(message);
  if (failure) throw failure;
  const answer = AgentAnswerSchema.safeParse(message);
  if (!answer.success) throw clientError('INVALID_RESPONSE', answer.error);
  return answer.data.data.agent;
}

async function readAnswer(
  response: Response,
  onPhase: (phase: CreatePhase) => void,
): Promise<Agent> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes(NDJSON)) {
    // A server (or proxy) that does not stream answers with the plain JSON envelope.
    let json: unknown;
    try {
      json = JSON.parse(await response.text());
    } catch (error) {
      throw clientError('INVALID_RESPONSE', error);
    }
    const answer = AgentAnswerSchema.safeParse(json);
    if (!answer.success) throw clientError('INVALID_RESPONSE', answer.error);
    return answer.data.data.agent;
  }
  const source = response.body ? lines(response.body) : wholeBodyLines(response);
  for await (const line of source) {
    if (line.trim() === '') continue;
    const agent = readLine(line, onPhase);
    if (agent) return agent;
  }
  // The stream ended without the agent or an error: the connection was cut.
  throw clientError('CONNECTION_ERROR');
}

/**
 * `POST /api/agents`: compiles the prompt and saves the agent. Asks for the NDJSON stream so the
 * studio can follow the server's phases; validation, auth and quota failures still come back as
 * plain JSON errors before any streaming.
 */
export async function createAgent(
  body: CreateAgent,
  { onPhase, signal }: { onPhase: (phase: CreatePhase) => void; signal?: AbortSignal | undefined },
): Promise<Agent> {
  const headers = new Headers({ Accept: NDJSON, 'Content-Type': 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    const response = await fetch(new URL('/api/agents', window.location.origin), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'include',
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) throw await errorFromResponse(response);
    return await readAnswer(response, onPhase);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) {
      throw error;
    }
    throw clientError('CONNECTION_ERROR', error);
  }
}
