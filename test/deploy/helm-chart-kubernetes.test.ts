import { describe, expect, it } from 'vitest';
import { readSettings } from '../../service/src/config/settings.js';
import { CASES, helm, KUBERNETES_CASES, NAMESPACE, useRenderedChart, type CaseName } from './helm-render.js';

describe.skipIf(helm === null)('the Helm chart with the Kubernetes sandbox driver (helm template, offline)', () => {
  const { refusal, manifests, find, hubContainer, resolvedEnv } = useRenderedChart();

  it('runs sandboxes as pods with the Kubernetes driver, each value in its SERVICE_KUBERNETES_* variable', () => {
    const hubPodLabels = { 'app.kubernetes.io/name': 'notebook-hub', 'app.kubernetes.io/instance': 'hub' };
    for (const suffix of ['-maintenance', '-api']) {
      const deployment = find('kubernetes', 'Deployment', suffix);
      const env = resolvedEnv('kubernetes', hubContainer(deployment));
      expect(env).toMatchObject({
        SERVICE_SANDBOX_DRIVER: 'kubernetes',
        SERVICE_SANDBOX_IMAGE: 'registry.example.com:5000/notebook-hub-sandbox:marimo-0.25.2',
        SERVICE_KUBERNETES_IMAGE_PULL_POLICY: 'Always',
        SERVICE_KUBERNETES_NAMESPACE: 'sandboxes',
        SERVICE_KUBERNETES_REQUEST_RATIO: '0.25',
        SERVICE_KUBERNETES_EXPOSURE: 'service',
        SERVICE_KUBERNETES_GPU_RESOURCE: 'amd.com/gpu',
        SERVICE_KUBERNETES_HUB_NAMESPACE: NAMESPACE,
      });
      // In-cluster credentials: no kubeconfig, context or outside addresses.
      for (const key of ['SERVICE_KUBERNETES_KUBECONFIG', 'SERVICE_KUBERNETES_CONTEXT', 'SERVICE_KUBERNETES_HUB_CIDRS']) expect(env[key]).toBeUndefined();
      // What the hub makes of them, parsed as it parses them.
      const settings = readSettings(env).sandboxes;
      expect(settings.driver).toBe('kubernetes');
      expect(settings.defaultImage).toBe('registry.example.com:5000/notebook-hub-sandbox:marimo-0.25.2');
      expect(settings.kubernetes).toEqual({
        kubeconfig: null,
        context: null,
        namespace: 'sandboxes',
        imagePullPolicy: 'Always',
        gpuResource: 'amd.com/gpu',
        nodeSelector: { pool: 'notebooks' },
        tolerations: [{ key: 'notebooks', operator: 'Exists', effect: 'NoSchedule' }],
        imagePullSecrets: ['registry-credentials', 'mirror-credentials'],
        requestRatio: 0.25,
        exposure: 'service',
        hubPodLabels,
        hubNamespace: NAMESPACE,
        hubCidrs: [],
      });
      // The labels sandbox pods admit connections from are those of every hub pod.
      const podLabels = deployment.spec!.template!.metadata.labels;
      for (const [key, value] of Object.entries(settings.kubernetes.hubPodLabels)) expect(podLabels[key], `${suffix} ${key}`).toBe(value);
    }
    // Defaults: sandboxes in the release namespace, the hub's own default image, requests equal to limits.
    const defaults = readSettings(resolvedEnv('kubernetesDefaults', hubContainer(find('kubernetesDefaults', 'Deployment', '-api')))).sandboxes;
    const hubDefaults = readSettings({ SERVICE_SANDBOX_DRIVER: 'kubernetes' }).sandboxes;
    expect(defaults.defaultImage).toBe(hubDefaults.defaultImage);
    expect(defaults.kubernetes).toEqual({ ...hubDefaults.kubernetes, namespace: NAMESPACE, hubPodLabels, hubNamespace: NAMESPACE });
    // The local driver gets none of them.
    const local = resolvedEnv('defaults', hubContainer(find('defaults', 'Deployment', '-api')));
    expect(Object.keys(local).filter((key) => key.startsWith('SERVICE_KUBERNETES_') || key === 'SERVICE_SANDBOX_IMAGE')).toEqual([]);
    expect(local.SERVICE_SANDBOX_DRIVER).toBe('local');
  });

  it("grants the hub exactly the verbs docs/kubernetes.md lists, in the sandboxes' namespace, and no Role with the local driver", () => {
    const expectedRules = [
      { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch', 'create', 'delete'] },
      { apiGroups: [''], resources: ['pods/exec'], verbs: ['create', 'get'] },
      { apiGroups: [''], resources: ['events'], verbs: ['list', 'watch'] },
      { apiGroups: [''], resources: ['secrets'], verbs: ['create', 'update', 'patch', 'delete'] },
      { apiGroups: [''], resources: ['services'], verbs: ['get', 'create', 'delete'] },
      { apiGroups: ['networking.k8s.io'], resources: ['networkpolicies'], verbs: ['get', 'create', 'update'] },
    ];
    for (const [name, sandboxNamespace] of [
      ['kubernetes', 'sandboxes'],
      ['kubernetesDefaults', NAMESPACE],
    ] as const) {
      const role = find(name, 'Role', '-sandboxes') as unknown as { metadata: { namespace: string }; rules: object[] };
      expect(role.metadata.namespace).toBe(sandboxNamespace);
      expect(role.rules).toEqual(expectedRules);
      const binding = find(name, 'RoleBinding', '-sandboxes') as unknown as { metadata: { namespace: string }; roleRef: object; subjects: object[] };
      expect(binding.metadata.namespace).toBe(sandboxNamespace);
      expect(binding.roleRef).toEqual({ apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'hub-notebook-hub-sandboxes' });
      // The hub's service account lives in the release namespace, wherever the sandboxes go.
      expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: 'hub-notebook-hub', namespace: NAMESPACE }]);
    }
    // Nothing beyond a namespaced Role: no ClusterRole, no binding of one.
    expect(manifests('kubernetes').filter((manifest) => manifest.kind.startsWith('Cluster'))).toEqual([]);
    for (const name of (Object.keys(CASES) as CaseName[]).filter((candidate) => !KUBERNETES_CASES.includes(candidate))) {
      expect(manifests(name).filter((manifest) => manifest.kind === 'Role' || manifest.kind === 'RoleBinding')).toEqual([]);
    }
  });

  it('runs sessions on every replica with the Kubernetes driver, and lets the example egress policy reach sandbox pods', () => {
    expect(find('kubernetes', 'Deployment', '-maintenance').spec!.replicas).toBe(1);
    expect(find('kubernetes', 'Deployment', '-api').spec!.replicas).toBe(2);
    const [, toSandboxes] = find('kubernetes', 'NetworkPolicy', '-egress').spec!.egress!;
    expect(toSandboxes).toEqual({
      to: [
        {
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'sandboxes' } },
          podSelector: { matchLabels: { 'app.kubernetes.io/component': 'sandbox' } },
        },
      ],
    });
    expect(find('cluster', 'NetworkPolicy', '-egress').spec!.egress).toHaveLength(2);
  });

  it('refuses Kubernetes driver values that cannot work, naming the value', async () => {
    expect(await refusal({ sandbox: { driver: 'kube' } })).toMatch(/sandbox\.driver "kube" is not a driver .* \(kubernetes or local\)/);
    expect(await refusal({ sandbox: { driver: 'kubernetes', image: { tag: 'v1' } } })).toMatch(/sandbox\.image\.tag needs sandbox\.image\.repository/);
    for (const key of ['SERVICE_KUBERNETES_NAMESPACE', 'SERVICE_SANDBOX_DRIVER', 'SERVICE_SANDBOX_IMAGE']) {
      expect(await refusal({ hub: { extraEnv: { [key]: 'x' } } })).toMatch(new RegExp(`hub\\.extraEnv\\.${key} is set by the chart`));
    }
    // The schema checks the Kubernetes driver's values before anything renders.
    const kubernetes = (values: object) => ({ sandbox: { driver: 'kubernetes', kubernetes: values } });
    expect(await refusal(kubernetes({ requestRatio: 0 }))).toMatch(/requestRatio/);
    expect(await refusal(kubernetes({ requestRatio: 1.5 }))).toMatch(/requestRatio/);
    expect(await refusal(kubernetes({ exposure: 'nodeport' }))).toMatch(/exposure/);
    expect(await refusal(kubernetes({ namespace: 'Not_A_Namespace' }))).toMatch(/namespace/);
    expect(await refusal(kubernetes({ nodeSelector: { pool: 3 } }))).toMatch(/nodeSelector/);
    expect(await refusal(kubernetes({ imagePullSecrets: [{ name: 'registry' }] }))).toMatch(/imagePullSecrets/);
    expect(await refusal(kubernetes({ namesapce: 'sandboxes' }))).toMatch(/namesapce/);
    expect(await refusal({ sandbox: { image: { pullPolicy: 'Sometimes' } } })).toMatch(/pullPolicy/);
  });
});
