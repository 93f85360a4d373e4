/**
 * The rules of the official server.json format, 2025-09-29 revision
 * (https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json), as a JSON
 * Schema (draft-07) that spoke checks offline before publishing.
 */
const input = {
  type: 'object',
  properties: {
    description: { type: 'string' },
    isRequired: { type: 'boolean' },
    format: { type: 'string', enum: ['string', 'number', 'boolean', 'filepath'] },
    value: { type: 'string' },
    isSecret: { type: 'boolean' },
    default: { type: 'string' },
    placeholder: { type: 'string' },
    choices: { type: 'array', items: { type: 'string' } },
    variables: { type: 'object', additionalProperties: { $ref: '#/definitions/Input' } },
  },
};

const keyValue = {
  allOf: [
    { $ref: '#/definitions/Input' },
    { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
  ],
};

const remoteTransport = (type: string, urlFormat: boolean) => ({
  type: 'object',
  required: ['type', 'url'],
  properties: {
    type: { type: 'string', enum: [type] },
    url: urlFormat ? { type: 'string', format: 'uri' } : { type: 'string' },
    headers: { type: 'array', items: { $ref: '#/definitions/KeyValueInput' } },
  },
});

export const SERVER_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json',
  title: 'MCP Server Detail',
  definitions: {
    Input: input,
    KeyValueInput: keyValue,
    Argument: {
      anyOf: [
        {
          allOf: [
            { $ref: '#/definitions/Input' },
            {
              type: 'object',
              required: ['type'],
              properties: {
                type: { type: 'string', enum: ['positional'] },
                valueHint: { type: 'string' },
                isRepeated: { type: 'boolean' },
              },
              anyOf: [{ required: ['valueHint'] }, { required: ['value'] }],
            },
          ],
        },
        {
          allOf: [
            { $ref: '#/definitions/Input' },
            {
              type: 'object',
              required: ['type', 'name'],
              properties: {
                type: { type: 'string', enum: ['named'] },
                name: { type: 'string' },
                isRepeated: { type: 'boolean' },
              },
            },
          ],
        },
      ],
    },
    StdioTransport: {
      type: 'object',
      required: ['type'],
      properties: { type: { type: 'string', enum: ['stdio'] } },
    },
    StreamableHttpTransport: remoteTransport('streamable-http', false),
    SseTransport: remoteTransport('sse', true),
    Package: {
      type: 'object',
      additionalProperties: false,
      required: ['registryType', 'identifier', 'version', 'transport'],
      properties: {
        registryType: { type: 'string' },
        registryBaseUrl: { type: 'string', format: 'uri' },
        identifier: { type: 'string' },
        version: { type: 'string', minLength: 1, not: { const: 'latest' } },
        fileSha256: { type: 'string', pattern: '^[a-f0-9]{64}$' },
        runtimeHint: { type: 'string' },
        transport: {
          anyOf: [
            { $ref: '#/definitions/StdioTransport' },
            { $ref: '#/definitions/StreamableHttpTransport' },
            { $ref: '#/definitions/SseTransport' },
          ],
        },
        runtimeArguments: { type: 'array', items: { $ref: '#/definitions/Argument' } },
        packageArguments: { type: 'array', items: { $ref: '#/definitions/Argument' } },
        environmentVariables: { type: 'array', items: { $ref: '#/definitions/KeyValueInput' } },
      },
    },
  },
  type: 'object',
  required: ['name', 'description', 'version'],
  properties: {
    $schema: { type: 'string', format: 'uri' },
    name: {
      type: 'string',
      pattern: '^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$',
      minLength: 3,
      maxLength: 200,
    },
    description: { type: 'string', minLength: 1, maxLength: 100 },
    version: { type: 'string', maxLength: 255 },
    websiteUrl: { type: 'string', format: 'uri' },
    repository: {
      type: 'object',
      required: ['url', 'source'],
      properties: {
        url: { type: 'string', format: 'uri' },
        source: { type: 'string' },
        id: { type: 'string' },
        subfolder: { type: 'string' },
      },
    },
    packages: { type: 'array', items: { $ref: '#/definitions/Package' } },
    remotes: {
      type: 'array',
      items: {
        anyOf: [
          { $ref: '#/definitions/StreamableHttpTransport' },
          { $ref: '#/definitions/SseTransport' },
        ],
      },
    },
    _meta: { type: 'object', additionalProperties: true },
  },
} as const;
