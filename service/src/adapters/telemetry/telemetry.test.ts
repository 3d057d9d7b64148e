import { describe, expect, it } from 'vitest';
import { readSettings } from '../../config/settings.js';
import { resourceAttributesOf } from './telemetry.js';

const read = (env: Record<string, string>) => readSettings({ SERVICE_DATA_DIR: '/srv/hub', ...env }).telemetry;

describe('the telemetry resource', () => {
  it('builds the resource from defaults, OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME, in that order', () => {
    const identity = { version: '2.0.1', instanceId: 'b7c1' };
    expect(resourceAttributesOf(read({}), identity)).toEqual({ 'service.name': 'service', 'service.version': '2.0.1', 'service.instance.id': 'b7c1' });
    const overridden = read({ OTEL_RESOURCE_ATTRIBUTES: ' service.name=hub , service.version=2.0.1-rc1, service.instance.id=pod-3,team=data%2Fml,,' });
    expect(resourceAttributesOf(overridden, identity)).toEqual({
      'service.name': 'hub',
      'service.version': '2.0.1-rc1',
      'service.instance.id': 'pod-3',
      team: 'data/ml',
    });
    expect(resourceAttributesOf(read({ OTEL_SERVICE_NAME: 'notebook-hub', OTEL_RESOURCE_ATTRIBUTES: 'service.name=hub' }), identity)['service.name']).toBe(
      'notebook-hub',
    );
  });
});
