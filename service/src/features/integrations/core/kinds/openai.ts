import type { FieldProblem } from '../../../../core/errors.js';
import { ALL_SOURCES, BOTH_SCOPES, prefixed, text, type IntegrationKind } from './kind.js';

/** A model id as providers name them (`gpt-4o-mini`, `org/model:2`). */
const MODEL_ID = /^[\w.:/@-]{1,200}$/;

/** The entries of `models`: separated by commas, spaces or new lines. */
export const modelsOf = (value: string): string[] => value.split(/[\s,]+/).filter((entry) => entry !== '');

/**
 * An OpenAI-compatible AI provider (OpenAI itself, a gateway, a model server that speaks its API).
 * Notebooks receive its URL, key and model; an organization integration marked `managed_ai` is
 * also the hub's own provider, behind OpenCode's managed model (docs/surfaces.md, "Managed AI").
 */
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
    {
      key: 'managed_ai',
      name: "The hub's managed AI",
      type: 'boolean',
      required: false,
      secret: false,
      description:
        "On an organization integration: the hub's own AI features use this provider (OpenCode's managed model in edit sessions), its key kept by the hub, unless the deployment names one in SERVICE_AI_BASE_URL. Needs a model.",
      default: false,
    },
    {
      key: 'models',
      name: 'More models for managed AI',
      type: 'string',
      required: false,
      secret: false,
      description: "Models the hub's managed AI offers besides the model above, separated by commas or spaces.",
    },
  ],
  secretSources: ALL_SOURCES,
  testable: true,
  check(config) {
    const problems: FieldProblem[] = [];
    const model = text(config, 'model');
    if (model !== '' && !MODEL_ID.test(model)) problems.push({ field: 'config.model', message: 'is not a model id' });
    const wrong = modelsOf(text(config, 'models')).find((entry) => !MODEL_ID.test(entry));
    if (wrong !== undefined) problems.push({ field: 'config.models', message: `${JSON.stringify(wrong.slice(0, 200))} is not a model id` });
    if (config.managed_ai === true && model === '')
      problems.push({ field: 'config.model', message: "is required for the hub's managed AI: it is the model offered first" });
    return problems;
  },
  render(config, secrets, envPrefix) {
    return {
      env: prefixed(envPrefix, { BASE_URL: text(config, 'base_url'), API_KEY: secrets.api_key, MODEL: text(config, 'model') }),
      files: {},
    };
  },
};
