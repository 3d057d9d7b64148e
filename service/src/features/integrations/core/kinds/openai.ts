import { ALL_SOURCES, BOTH_SCOPES, prefixed, text, type IntegrationKind } from './kind.js';

/** An OpenAI-compatible AI provider (OpenAI itself, a gateway, a model server that speaks its API). */
export const openaiKind: IntegrationKind = {
  kind: 'openai',
  name: 'OpenAI-compatible AI provider',
  description: 'A provider of the OpenAI API: its base URL, an API key and a model.',
  scopes: BOTH_SCOPES,
  fields: [
    {
      key: 'base_url',
      name: 'Base URL',
      type: 'url',
      required: true,
      secret: false,
      description: 'The API base, ending before /models and /chat/completions.',
      default: 'https://api.openai.com/v1',
    },
    { key: 'api_key', name: 'API key', type: 'string', required: true, secret: true, description: 'Sent as Authorization: Bearer.' },
    {
      key: 'model',
      name: 'Model',
      type: 'string',
      required: false,
      secret: false,
      description: 'The model notebooks use by default; a test checks the provider lists it.',
    },
  ],
  secretSources: ALL_SOURCES,
  testable: true,
  render(config, secrets, envPrefix) {
    return {
      env: prefixed(envPrefix, { BASE_URL: text(config, 'base_url'), API_KEY: secrets.api_key, MODEL: text(config, 'model') }),
      files: {},
    };
  },
};
