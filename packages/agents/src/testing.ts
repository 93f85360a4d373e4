// Stand-ins that other workspaces' tests and benches drive the runtime against. Node only: the
// product never imports this entry. The built-ins' and the run loop's test kits have subpaths of
// their own (testing/builtins, testing/runtime), so that a test loads only the kit it uses.
export {
  autoResponder,
  startOpenAITestServer,
  toolResultsOf,
  type ChatMessage,
  type ChatRequest,
  type OpenAITestServer,
  type OpenAITestServerOptions,
  type Responder,
  type ScriptedReply,
  type ScriptedToolCall,
} from './runtime/test-openai-server.ts';
export { startItemsServer, type ItemsServer } from './runtime/test-items-server.ts';
export { HOSTILE_SERVER_JS, writeHostilePackage } from './sandbox/test-support.ts';
