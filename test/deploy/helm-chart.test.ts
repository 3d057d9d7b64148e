import { readFileSync } from 'node:fs';
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { readSettings, SETTING_DEFINITIONS } from '../../service/src/config/settings.js';
import {
  CASES,
  CHART,
  DEPLOYMENT_KEY,
  helm,
  KUBERNETES_CASES,
  KUBERNETES_VERSIONS,
  NAMESPACE,
  OIDC_SECRET,
  RELEASE,
  RETIRED_DEPLOYMENT_KEY,
  run,
  S3_ACCESS_KEY,
  S3_SECRET_KEY,
  useRenderedChart,
  type CaseName,
  type Manifest,
} from './helm-render.js';

describe.skipIf(helm === null)('the Helm chart (helm template, offline)', () => {
  const { rendered, valuesFiles, workDir, refusal, manifests, find, hubContainer, envValue, resolvedEnv } = useRenderedChart();

  it('is versioned with the hub: chart version and app version are the package version', () => {
    const chart = parseAllDocuments(readFileSync(path.join(CHART, 'Chart.yaml'), 'utf8'))[0]!.toJS() as { version: string; appVersion: string };
    const packageVersion = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version;
    expect(chart.version).toBe(packageVersion);
    expect(chart.appVersion).toBe(packageVersion);
    expect(hubContainer(find('defaults', 'Deployment', '-api')).image).toBe(`notebook-hub:${packageVersion}`);
    // The image reports its own version (SERVICE_VERSION is baked in at build time); the chart names the image.
    expect(envValue(hubContainer(find('defaults', 'Deployment', '-api')), 'SERVICE_VERSION')).toBeUndefined();
    expect(envValue(hubContainer(find('defaults', 'Deployment', '-api')), 'SERVICE_IMAGE')).toBe(`notebook-hub:${packageVersion}`);
  });

  it.each(Object.keys(CASES) as CaseName[])('passes helm lint --strict with the %s values', async (name) => {
    const { stdout } = await run(helm!.helm, ['lint', '--strict', CHART, '--namespace', NAMESPACE, '--values', valuesFiles.get(name)!]);
    expect(stdout).toContain('0 chart(s) failed');
  });

  it.each(Object.keys(CASES) as CaseName[])('renders %s into manifests that Kubernetes schemas accept (strict)', async (name) => {
    const file = path.join(workDir(), `${name}.rendered.yaml`);
    await writeFile(file, rendered.get(name)!.text);
    for (const version of KUBERNETES_VERSIONS) {
      const { stdout, exitCode } = await run(helm!.kubernetesValidate, ['--strict', '--kubernetes-version', version, file]).then(
        ({ stdout }) => ({ stdout, exitCode: 0 }),
        (error: { stdout?: string; stderr?: string; code?: number }) => ({ stdout: `${error.stdout ?? ''}${error.stderr ?? ''}`, exitCode: error.code ?? -1 }),
      );
      const lines = stdout.split('\n').filter((line) => line.trim() !== '');
      expect(
        lines.filter((line) => !line.includes(' passed for resource ')),
        `kubernetes-validate ${version}`,
      ).toEqual([]);
      expect(exitCode).toBe(0);
      // Every document was checked, none skipped as an unknown kind.
      expect(lines).toHaveLength(manifests(name).length);
    }
  });

  it('runs one maintenance replica with the loops on and API replicas with them off, each probed on its own health route', () => {
    const maintenance = find('defaults', 'Deployment', '-maintenance');
    const api = find('defaults', 'Deployment', '-api');
    expect(maintenance.spec!.replicas).toBe(1);
    expect(api.spec!.replicas).toBe(2);

    const loops = hubContainer(maintenance);
    expect(envValue(loops, 'SERVICE_RUN_MAINTENANCE')).toBe('true');
    expect(loops.readinessProbe!.httpGet.path).toBe('/api/health/maintenance');
    expect(loops.livenessProbe!.httpGet.path).toBe('/api/health/maintenance');

    const serving = hubContainer(api);
    expect(envValue(serving, 'SERVICE_RUN_MAINTENANCE')).toBe('false');
    expect(serving.readinessProbe!.httpGet.path).toBe('/api/health');
    expect(serving.livenessProbe!.httpGet.path).toBe('/api/health');
    for (const container of [loops, serving]) {
      expect(container.ports).toEqual([{ name: 'http', containerPort: 8321, protocol: 'TCP' }]);
      expect(container.startupProbe!.httpGet).toEqual({ path: '/api/health', port: 'http' });
      expect(envValue(container, 'SERVICE_HOST')).toBe('0.0.0.0');
    }

    // Under a path prefix the hub answers its health routes there too.
    expect(hubContainer(find('cluster', 'Deployment', '-api')).readinessProbe!.httpGet.path).toBe('/notebooks/api/health');
    const prefixedLoops = hubContainer(find('cluster', 'Deployment', '-maintenance'));
    expect(prefixedLoops.readinessProbe!.httpGet.path).toBe('/notebooks/api/health/maintenance');
    expect(prefixedLoops.startupProbe!.httpGet.path).toBe('/notebooks/api/health');

    // The Service sends requests to the API replicas only.
    const selector = find('defaults', 'Service').spec!.selector as Record<string, string>;
    const selects = (deployment: Manifest) => Object.entries(selector).every(([key, value]) => deployment.spec!.template!.metadata.labels[key] === value);
    expect(selects(api)).toBe(true);
    expect(selects(maintenance)).toBe(false);
    expect(find('defaults', 'Service').spec!.ports).toEqual([{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }]);

    // Node drains take API replicas one at a time; a single pod or a stopped hub has no budget to keep.
    const budget = find('defaults', 'PodDisruptionBudget', '-api') as unknown as {
      spec: { maxUnavailable: number; selector: { matchLabels: Record<string, string> } };
    };
    expect(budget.spec.maxUnavailable).toBe(1);
    expect(budget.spec.selector.matchLabels).toEqual((api.spec!.selector as { matchLabels: Record<string, string> }).matchLabels);
    for (const name of ['singlePod', 'recovery'] as const) expect(manifests(name).filter((manifest) => manifest.kind === 'PodDisruptionBudget')).toEqual([]);
  });

  it('gives every pod the drain budget the hub uses plus 20 s before it is killed', () => {
    // The hub's own defaults (docs/configuration.md, "Shutdown"): 120 s with maintenance, else 10 s.
    const hubDefault = (runMaintenance: boolean) => readSettings({ SERVICE_RUN_MAINTENANCE: String(runMaintenance) }).shutdownTimeoutSeconds;
    const budgets: Record<string, [number, number]> = { defaults: [hubDefault(true), hubDefault(false)], selfHosted: [300, 45] };
    for (const [name, [maintenanceBudget, apiBudget]] of Object.entries(budgets) as [CaseName, [number, number]][]) {
      for (const [suffix, budget] of [
        ['-maintenance', maintenanceBudget],
        ['-api', apiBudget],
      ] as const) {
        const deployment = find(name, 'Deployment', suffix);
        const container = hubContainer(deployment);
        const runMaintenance = envValue(container, 'SERVICE_RUN_MAINTENANCE') === 'true';
        // What this pod's hub will read as its budget, parsed as the hub parses it.
        const used = readSettings({
          SERVICE_RUN_MAINTENANCE: String(runMaintenance),
          SERVICE_SHUTDOWN_TIMEOUT_SECONDS: envValue(container, 'SERVICE_SHUTDOWN_TIMEOUT_SECONDS'),
        }).shutdownTimeoutSeconds;
        expect(used, `${name}${suffix}`).toBe(budget);
        expect(deployment.spec!.template!.spec.terminationGracePeriodSeconds, `${name}${suffix}`).toBe(budget + 20);
      }
    }
  });

  it('sets only settings the hub reads, in values the hub accepts', () => {
    const known = new Set(SETTING_DEFINITIONS.map((definition) => definition.key));
    for (const name of Object.keys(CASES) as CaseName[]) {
      for (const manifest of manifests(name)) {
        const pod = manifest.spec?.template?.spec;
        for (const container of pod?.containers ?? []) {
          const env = resolvedEnv(name, container);
          const unknown = Object.keys(env).filter((key) => key.startsWith('SERVICE_') && !known.has(key));
          expect(unknown, `${name}: ${manifest.metadata.name}`).toEqual([]);
          expect(() => readSettings(env), `${name}: ${manifest.metadata.name}`).not.toThrow();
        }
      }
    }
    // What the hub makes of the S3 and OIDC values.
    const selfHosted = readSettings(resolvedEnv('selfHosted', hubContainer(find('selfHosted', 'Deployment', '-api'))));
    expect(selfHosted.storage).toMatchObject({
      kind: 's3',
      bucket: 'hub',
      endpoint: 'http://seaweedfs.storage:8333',
      forcePathStyle: true,
      region: 'us-east-1',
      accessKeyId: 'operator-secret-hub-s3-access-key-id',
    });
    expect(selfHosted.auth.oidc).toMatchObject({ issuer: 'https://dex.example.com', clientId: 'hub', clientSecret: OIDC_SECRET });
    expect(selfHosted.publicUrl).toBe('https://notebooks.example.com');
    expect(selfHosted.runMaintenance).toBe(false);
    expect(selfHosted.sandboxes.driver).toBe('local');
    const cluster = resolvedEnv('cluster', hubContainer(find('cluster', 'Deployment', '-maintenance')));
    expect(cluster).toMatchObject({
      SERVICE_S3_PREFIX: 'hub/prod',
      SERVICE_S3_REGION: 'eu-west-1',
      SERVICE_S3_SECRET_ACCESS_KEY: S3_SECRET_KEY,
      SERVICE_SUPER_ADMINS: 'ops@example.com,lead@example.com',
      SERVICE_COMPUTE_PROFILES: '[{"cpu":1,"memory_bytes":1073741824,"name":"small"}]',
      SERVICE_DEFAULT_ROLE: 'viewer',
      SERVICE_WARM_POOL_SIZE: '2',
      SERVICE_IMAGE: 'registry.example.com/notebook-hub:0.1.0',
    });
  });

  it('reads S3 credentials and the OIDC client secret from Secrets, never from the pod spec', () => {
    for (const name of ['cluster', 'selfHosted'] as const) {
      const secretNames = new Set(
        manifests(name)
          .filter((manifest) => manifest.kind === 'Secret')
          .map((secret) => secret.metadata.name),
      );
      for (const manifest of manifests(name).filter((manifest) => manifest.kind !== 'Secret')) {
        const text = JSON.stringify(manifest);
        for (const secret of [S3_ACCESS_KEY, S3_SECRET_KEY, OIDC_SECRET]) {
          expect(text).not.toContain(secret);
          expect(text).not.toContain(Buffer.from(secret).toString('base64'));
        }
      }
      for (const deployment of manifests(name).filter((manifest) => manifest.kind === 'Deployment')) {
        const env = hubContainer(deployment).env;
        for (const key of ['SERVICE_S3_ACCESS_KEY_ID', 'SERVICE_S3_SECRET_ACCESS_KEY', 'SERVICE_OIDC_CLIENT_SECRET']) {
          const entry = env.find((candidate) => candidate.name === key);
          expect(entry, `${name}: ${key}`).toBeDefined();
          expect(entry!.value).toBeUndefined();
          const ref = entry!.valueFrom!.secretKeyRef!;
          const existing = name === 'cluster' ? ['hub-oidc'] : ['hub-s3'];
          expect(secretNames.has(ref.name) || existing.includes(ref.name), `${name}: ${key} names ${ref.name}`).toBe(true);
        }
      }
    }
    // The Secret the chart makes holds exactly what was given, and the one named as existing is not made.
    const s3Secret = find('cluster', 'Secret', '-s3');
    expect(Buffer.from(s3Secret.data!['secret-access-key']!, 'base64').toString()).toBe(S3_SECRET_KEY);
    expect(manifests('cluster').some((manifest) => manifest.kind === 'Secret' && manifest.metadata.name === 'hub-oidc')).toBe(false);
    const oidcRef = find('cluster', 'Deployment', '-api').spec!.template!.spec.containers[0]!.env.find((entry) => entry.name === 'SERVICE_OIDC_CLIENT_SECRET')!;
    expect(oidcRef.valueFrom!.secretKeyRef).toEqual({ name: 'hub-oidc', key: 'secret' });
    expect(Buffer.from(find('selfHosted', 'Secret', '-oidc').data!['client-secret']!, 'base64').toString()).toBe(OIDC_SECRET);
    // A changed Secret rolls the pods, since the hub reads its settings once.
    const checksum = (name: CaseName) => find(name, 'Deployment', '-api').spec!.template!.metadata as unknown as { annotations: Record<string, string> };
    expect(checksum('cluster').annotations['checksum/secrets']).not.toBe(checksum('selfHosted').annotations['checksum/secrets']);
    // Without static credentials the AWS credential chain is used: no key variables at all.
    expect(envValue(hubContainer(find('defaults', 'Deployment', '-api')), 'SERVICE_S3_ACCESS_KEY_ID')).toBeUndefined();
  });

  it('gives every hub pod the same deployment key from a Secret the chart keeps, or from the operator’s own', () => {
    // Made at install when none is given, kept on uninstall: the stored secrets need it.
    const made = find('defaults', 'Secret', '-secrets-key');
    expect(made.metadata.annotations).toMatchObject({ 'helm.sh/resource-policy': 'keep' });
    const key = Buffer.from(made.data!.key!, 'base64').toString('utf8');
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    for (const name of ['defaults', 'cluster', 'recovery'] as const) {
      for (const manifest of manifests(name).filter((candidate) => ['Deployment', 'Job'].includes(candidate.kind))) {
        const env = manifest.spec!.template!.spec.containers[0]!.env;
        expect(env.find((entry) => entry.name === 'SERVICE_SECRETS_KEY')?.valueFrom?.secretKeyRef, `${name}: ${manifest.metadata.name}`).toEqual({
          name: `${RELEASE}-notebook-hub-secrets-key`,
          key: 'key',
        });
      }
    }
    expect(readSettings(resolvedEnv('defaults', hubContainer(find('defaults', 'Deployment', '-api')))).secrets).toMatchObject({
      source: 'environment',
      retired: [],
    });
    // Given keys go into the Secret as given, and never into a pod spec.
    const given = find('cluster', 'Secret', '-secrets-key');
    expect(Buffer.from(given.data!.key!, 'base64').toString()).toBe(DEPLOYMENT_KEY);
    expect(Buffer.from(given.data!['retired-keys']!, 'base64').toString()).toBe(RETIRED_DEPLOYMENT_KEY);
    for (const manifest of manifests('cluster').filter((candidate) => candidate.kind !== 'Secret'))
      expect(JSON.stringify(manifest)).not.toContain(DEPLOYMENT_KEY);
    const cluster = readSettings(resolvedEnv('cluster', hubContainer(find('cluster', 'Deployment', '-maintenance')))).secrets;
    expect(cluster).toEqual({ source: 'environment', active: Buffer.from(DEPLOYMENT_KEY, 'base64'), retired: [Buffer.from(RETIRED_DEPLOYMENT_KEY, 'base64')] });
  });

  it('makes no key Secret where the operator names one, and refuses key values that cannot work', async () => {
    expect(manifests('selfHosted').some((manifest) => manifest.kind === 'Secret' && manifest.metadata.name.endsWith('-secrets-key'))).toBe(false);
    const named = hubContainer(find('selfHosted', 'Deployment', '-api')).env.filter((entry) => entry.name.startsWith('SERVICE_SECRETS_'));
    expect(named.map((entry) => [entry.name, entry.valueFrom?.secretKeyRef])).toEqual([
      ['SERVICE_SECRETS_KEY', { name: 'hub-key', key: 'active' }],
      ['SERVICE_SECRETS_RETIRED_KEYS', { name: 'hub-key', key: 'retired-keys', optional: true }],
    ]);
    expect(await refusal({ secrets: { existingSecret: 'mine', key: DEPLOYMENT_KEY } })).toMatch(/name an existingSecret, or give secrets\.key/);
    expect(await refusal({ secrets: { retiredKeys: [RETIRED_DEPLOYMENT_KEY] } })).toMatch(/secrets\.retiredKeys needs secrets\.key/);
    expect(await refusal({ secrets: { key: 'too-short' } })).toMatch(/'\/secrets\/key'.*does not match pattern/);
    expect(await refusal({ hub: { extraEnv: { SERVICE_SECRETS_KEY: DEPLOYMENT_KEY } } })).toMatch(/hub\.extraEnv\.SERVICE_SECRETS_KEY is set by the chart/);
  });

  it('serves the hub under an ingress path with WebSocket-friendly timeouts, and tells the hub its public URL', () => {
    const ingress = find('cluster', 'Ingress');
    const annotations = ingress.metadata.annotations!;
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(3600);
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout'])).toBeGreaterThanOrEqual(3600);
    expect(annotations['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('0');
    // Paths reach the hub unchanged: no rewrite.
    expect(Object.keys(annotations).filter((key) => key.includes('rewrite'))).toEqual([]);
    expect(ingress.spec!.ingressClassName).toBe('nginx');
    expect(ingress.spec!.tls).toEqual([{ hosts: ['hub.example.com'], secretName: 'hub-tls' }]);
    const [rule] = ingress.spec!.rules!;
    expect(rule!.host).toBe('hub.example.com');
    expect(rule!.http.paths).toEqual([{ path: '/notebooks', pathType: 'Prefix', backend: { service: { name: 'hub-notebook-hub', port: { name: 'http' } } } }]);
    for (const suffix of ['-api', '-maintenance']) {
      expect(envValue(hubContainer(find('cluster', 'Deployment', suffix)), 'SERVICE_PUBLIC_URL')).toBe('https://hub.example.com/notebooks');
    }
    // Without a prefix: the origin alone, from hub.publicUrl; without an ingress or a URL: none.
    expect(find('selfHosted', 'Ingress').spec!.rules![0]!.http.paths[0]!.path).toBe('/');
    expect(envValue(hubContainer(find('selfHosted', 'Deployment', '-api')), 'SERVICE_PUBLIC_URL')).toBe('https://notebooks.example.com');
    expect(envValue(hubContainer(find('defaults', 'Deployment', '-api')), 'SERVICE_PUBLIC_URL')).toBeUndefined();
    expect(manifests('defaults').filter((manifest) => manifest.kind === 'Ingress')).toEqual([]);
  });

  it('has example network policies, off by default', () => {
    expect(manifests('defaults').filter((manifest) => manifest.kind === 'NetworkPolicy')).toEqual([]);
    const ingressPolicy = find('cluster', 'NetworkPolicy', '-ingress');
    const egressPolicy = find('cluster', 'NetworkPolicy', '-egress');
    const hubPodLabels = find('cluster', 'Deployment', '-maintenance').spec!.template!.metadata.labels;
    for (const policy of [ingressPolicy, egressPolicy]) {
      expect(Object.entries(policy.spec!.podSelector!.matchLabels).every(([key, value]) => hubPodLabels[key] === value)).toBe(true);
    }
    expect(ingressPolicy.spec!.policyTypes).toEqual(['Ingress']);
    expect(ingressPolicy.spec!.ingress![0]!.from).toEqual([{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }]);
    expect(egressPolicy.spec!.policyTypes).toEqual(['Egress']);
    const [dns, outbound] = egressPolicy.spec!.egress!;
    expect(dns!.ports.map((port) => port.port)).toEqual([53, 53]);
    expect(outbound).toEqual({ ports: [{ port: 443, protocol: 'TCP' }], to: [{ ipBlock: { cidr: '10.20.0.0/16' } }] });
  });

  it('runs as a non-root user on a read-only root filesystem, with its own service account and an API token only for the Kubernetes driver', () => {
    for (const name of Object.keys(CASES) as CaseName[]) {
      const callsTheApiServer = KUBERNETES_CASES.includes(name);
      for (const manifest of manifests(name).filter((candidate) => candidate.spec?.template)) {
        const pod = manifest.spec!.template!.spec;
        expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001, runAsGroup: 10001, fsGroup: 10001 });
        expect(pod.serviceAccountName).toBe('hub-notebook-hub');
        expect(pod.automountServiceAccountToken, `${name}: ${manifest.metadata.name}`).toBe(callsTheApiServer);
        for (const container of pod.containers) {
          expect(container.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
          // What the hub writes goes to volumes: its data folder and the temporary directory.
          expect(container.volumeMounts.map((mount) => mount.mountPath)).toEqual(expect.arrayContaining(['/data', '/tmp']));
          expect(resolvedEnv(name, container).SERVICE_DATA_DIR).toBe('/data');
        }
      }
    }
    const serviceAccountMounts = (name: CaseName) =>
      (find(name, 'ServiceAccount') as unknown as { automountServiceAccountToken: boolean }).automountServiceAccountToken;
    expect(serviceAccountMounts('defaults')).toBe(false);
    expect(serviceAccountMounts('kubernetes')).toBe(true);
    const resources = (hubContainer(find('defaults', 'Deployment', '-api')) as unknown as { resources: { requests: object; limits: object } }).resources;
    expect(resources.requests).toMatchObject({ cpu: '250m', memory: '512Mi' });
    expect(resources.limits).toMatchObject({ memory: '2Gi' });
  });

  it('keeps the fs store on one claim every replica mounts, and S3 on no volume', () => {
    const claim = find('defaults', 'PersistentVolumeClaim', '-store');
    expect(claim.spec!.accessModes).toEqual(['ReadWriteMany']);
    for (const suffix of ['-api', '-maintenance']) {
      const deployment = find('defaults', 'Deployment', suffix);
      expect(deployment.spec!.template!.spec.volumes).toContainEqual({ name: 'store', persistentVolumeClaim: { claimName: 'hub-notebook-hub-store' } });
      expect(hubContainer(deployment).volumeMounts).toContainEqual({ name: 'store', mountPath: '/data/store' });
      expect(envValue(hubContainer(deployment), 'SERVICE_STORAGE')).toBe('fs');
    }
    expect(manifests('cluster').filter((manifest) => manifest.kind === 'PersistentVolumeClaim')).toEqual([]);
    expect(hubContainer(find('cluster', 'Deployment', '-api')).volumeMounts.map((mount) => mount.name)).toEqual(['data', 'tmp']);
  });

  it('makes a single-pod hub when the maintenance replica serves traffic and there are no API replicas', () => {
    expect(find('singlePod', 'Deployment', '-api').spec!.replicas).toBe(0);
    const maintenance = find('singlePod', 'Deployment', '-maintenance');
    const selector = find('singlePod', 'Service').spec!.selector as Record<string, string>;
    expect(Object.entries(selector).every(([key, value]) => maintenance.spec!.template!.metadata.labels[key] === value)).toBe(true);
    expect(find('singlePod', 'PersistentVolumeClaim', '-store').spec!.accessModes).toEqual(['ReadWriteOnce']);
  });

  it('runs catalog recovery in a Job with every writer scaled to 0', () => {
    for (const suffix of ['-api', '-maintenance']) expect(find('recovery', 'Deployment', suffix).spec!.replicas).toBe(0);
    const job = manifests('recovery').find((manifest) => manifest.kind === 'Job')!;
    const [container] = job.spec!.template!.spec.containers;
    expect(container!.command).toBeUndefined();
    expect(container!.args).toEqual(['recover', '--snapshot', 'snap-01', '--apply', 'tok', '--writers-stopped', '--actor', 'usr-1']);
    // It reads the same store as the hub, and starts no loops.
    expect(envValue(container!, 'SERVICE_STORAGE')).toBe('fs');
    expect(envValue(container!, 'SERVICE_RUN_MAINTENANCE')).toBe('false');
    expect(container!.volumeMounts).toContainEqual({ name: 'store', mountPath: '/data/store' });
    expect(manifests('defaults').filter((manifest) => manifest.kind === 'Job')).toEqual([]);
  });

  it('tells the operator after install how to reach the hub, and what does not work yet', async () => {
    // helm renders NOTES.txt only on install, which needs a cluster. A copy of the chart renders the
    // same text as a ConfigMap so that `helm template` shows it.
    const copy = path.join(workDir(), 'chart-with-notes');
    await cp(CHART, copy, { recursive: true });
    const notes = readFileSync(path.join(CHART, 'templates', 'NOTES.txt'), 'utf8');
    await writeFile(
      path.join(copy, 'templates', 'notes-preview.yaml'),
      `{{- define "notes-preview" }}${notes}{{ end }}\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: notes\ndata:\n  text: {{ include "notes-preview" . | toJson }}\n`,
    );
    const render = async (name: CaseName): Promise<string> => {
      const { stdout } = await run(helm!.helm, [
        'template',
        RELEASE,
        copy,
        '--namespace',
        NAMESPACE,
        '--values',
        valuesFiles.get(name)!,
        '--show-only',
        'templates/notes-preview.yaml',
      ]);
      return (parseAllDocuments(stdout)[0]!.toJS() as { data: { text: string } }).data.text;
    };
    const defaults = await render('defaults');
    expect(defaults).toContain('hub-notebook-hub-maintenance: 1 replica');
    expect(defaults).toContain('drain budget 120 s, killed after 140 s');
    expect(defaults).toContain('hub-notebook-hub-api: 2 replica(s)');
    expect(defaults).toContain('kubectl --namespace notebooks port-forward service/hub-notebook-hub 8321:80');
    expect(defaults).toContain('notebook-hub token create --email');
    expect(defaults).toContain('NOTE: notebook sessions.');
    const cluster = await render('cluster');
    expect(cluster).toContain('Open the hub at https://hub.example.com/notebooks/');
    expect(cluster).not.toContain('token create');
    expect(await render('singlePod')).not.toContain('NOTE: notebook sessions.');
    const kubernetes = await render('kubernetes');
    expect(kubernetes).not.toContain('NOTE: notebook sessions.');
    expect(kubernetes).toContain('Sandboxes are pods in namespace sandboxes');
    expect(kubernetes).toContain('the maintenance replica and all 2 API replica(s)');
    expect(kubernetes).toContain('kubectl --namespace sandboxes get pods -l app.kubernetes.io/component=sandbox -w');
    const recovery = await render('recovery');
    expect(recovery).toContain('RECOVERY MODE');
    expect(recovery).toContain('notebook-hub recover --snapshot snap-01 --apply tok --writers-stopped --actor usr-1');
    expect(recovery).toContain('kubectl --namespace notebooks logs job/hub-notebook-hub-recover-1');
  });

  it('refuses values that cannot work, naming the value', async () => {
    expect(await refusal({ sandbox: { driver: 'docker' } })).toMatch(/sandbox\.driver=docker does not fit a cluster/);
    expect(await refusal({ storage: { type: 's3' } })).toMatch(/storage\.s3\.bucket is required/);
    expect(await refusal({ storage: { type: 's3', s3: { bucket: 'b', credentials: { accessKeyId: 'only-one' } } } })).toMatch(
      /both accessKeyId and secretAccessKey/,
    );
    expect(await refusal({ auth: { type: 'oidc' } })).toMatch(/auth\.oidc\.issuer and auth\.oidc\.clientId/);
    expect(await refusal({ auth: { type: 'oidc', oidc: { issuer: 'https://idp.example.com', clientId: 'c' } } })).toMatch(/public address/);
    const oidc = { issuer: 'https://idp.example.com', clientId: 'c' };
    expect(await refusal({ hub: { publicUrl: 'https://h.example.com' }, auth: { type: 'oidc', oidc: { ...oidc, issuer: 'http://idp.example.com' } } })).toMatch(
      /auth\.oidc\.issuer .* must be an https URL/,
    );
    expect(await refusal({ hub: { publicUrl: 'https://h.example.com' }, auth: { type: 'oidc', oidc: { ...oidc, scopes: 'email profile' } } })).toMatch(
      /must include openid/,
    );
    expect(await refusal({ ingress: { enabled: true } })).toMatch(/ingress\.enabled needs ingress\.host/);
    expect(await refusal({ ingress: { enabled: true, host: 'h.example.com', pathPrefix: '/a b' } })).toMatch(/ingress\.pathPrefix/);
    expect(await refusal({ hub: { publicUrl: 'https://h.example.com/path' } })).toMatch(/hub\.publicUrl .* must be an origin/);
    expect(await refusal({ hub: { extraEnv: { SERVICE_RUN_MAINTENANCE: 'true' } } })).toMatch(/hub\.extraEnv\.SERVICE_RUN_MAINTENANCE is set by the chart/);
    // The values schema: out-of-range budgets and misspelt keys.
    expect(await refusal({ maintenance: { shutdownTimeoutSeconds: 0 } })).toMatch(/shutdownTimeoutSeconds/);
    expect(await refusal({ storage: { tpye: 's3' } })).toMatch(/tpye/);
  });
});
