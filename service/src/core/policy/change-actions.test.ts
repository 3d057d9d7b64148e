import { describe, expect, it } from 'vitest';
import { labelChangeActions, notebookSettingsActions, type ChangeRules } from './change-actions.js';

const labels = { classificationOrder: ['public', 'internal', 'secret'], policyVersion: '1' };
const rules: ChangeRules = { labels, computeProfileOverride: 'none' };
const internal = { classification: 'internal', compartments: ['ops'] };

describe('the actions a change needs', () => {
  it('asks for raising and lowering labels separately, and for both when a change does both', () => {
    expect(labelChangeActions(internal, undefined, labels)).toEqual([]);
    expect(labelChangeActions(internal, { classification: 'internal', compartments: ['ops', 'ops'] }, labels)).toEqual([]);
    expect(labelChangeActions(null, internal, labels)).toEqual(['security-labels.raise']);
    expect(labelChangeActions(internal, { classification: 'secret', compartments: ['ops', 'hr'] }, labels)).toEqual(['security-labels.raise']);
    expect(labelChangeActions(internal, null, labels)).toEqual(['security-labels.lower']);
    expect(labelChangeActions(internal, { classification: 'secret', compartments: [] }, labels)).toEqual(['security-labels.raise', 'security-labels.lower']);
  });

  it('asks notebook.manage for any managed field sent, even unchanged, and not for the rest', () => {
    expect(notebookSettingsActions({}, null, rules)).toEqual([]);
    expect(notebookSettingsActions({ status: 'active' }, null, rules)).toEqual(['notebook.manage']);
    expect(notebookSettingsActions({ base_image: null }, null, rules)).toEqual(['notebook.manage']);
    expect(notebookSettingsActions({ compute_profile: 'small' }, null, rules)).toEqual(['notebook.manage']);
    expect(notebookSettingsActions({ status: 'active', security_labels: internal }, null, rules)).toEqual(['notebook.manage', 'security-labels.raise']);
  });

  it('lets editors pick a compute profile where the deployment allows it', () => {
    const editors: ChangeRules = { ...rules, computeProfileOverride: 'editors' };
    expect(notebookSettingsActions({ compute_profile: 'small' }, null, editors)).toEqual([]);
    expect(notebookSettingsActions({ compute_profile: 'small', base_image: 'x' }, null, editors)).toEqual(['notebook.manage']);
  });
});
