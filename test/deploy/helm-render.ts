import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { makeTempDir } from '../support/temp-dir.js';
import { prerequisite } from '../setup/prerequisites.js';

export const run = promisify(execFile);
export const helm = prerequisite('helm');

export const CHART = path.resolve(import.meta.dirname, '../../build/helm/notebook-hub');
export const RELEASE = 'hub';
export const NAMESPACE = 'notebooks';
/** The oldest Kubernetes the chart supports (Chart.yaml's kubeVersion) and the newest schemas at hand. */
export const KUBERNETES_VERSIONS = ['1.27.0', '1.37.0'];

// Distinctive secret values: none may appear anywhere but in a Secret.
export const S3_ACCESS_KEY = 'AKIACHARTTEST0000001';
export const S3_SECRET_KEY = 'chart-test-s3-secret-3f9c1d';
export const OIDC_SECRET = 'chart-test-oidc-secret-8a2b7e';
/** Deployment keys (32 bytes in base64) the cluster case gives the chart. */
export const DEPLOYMENT_KEY = Buffer.alloc(32, 7).toString('base64');
export const RETIRED_DEPLOYMENT_KEY = Buffer.alloc(32, 9).toString('base64');

/** The values files the chart is rendered with: each also goes through `helm lint --strict` and the schemas. */
export const CASES = {
  defaults: {},
  /** A team's cluster: S3 with a Secret the chart makes, OIDC with an existing Secret, an ingress under a path, network policies. */
  cluster: {
    image: { repository: 'registry.example.com/notebook-hub' },
    storage: {
      type: 's3',
      s3: {
        bucket: 'notebooks',
        region: 'eu-west-1',
        prefix: 'hub/prod',
        credentials: { accessKeyId: S3_ACCESS_KEY, secretAccessKey: S3_SECRET_KEY },
      },
    },
    auth: {
      type: 'oidc',
      superAdmins: ['ops@example.com', 'lead@example.com'],
      oidc: { issuer: 'https://login.example.com/realms/main', clientId: 'notebook-hub', existingSecret: 'hub-oidc', clientSecretKey: 'secret' },
    },
    ingress: { enabled: true, host: 'hub.example.com', pathPrefix: '/notebooks/', tls: { enabled: true, secretName: 'hub-tls' } },
    networkPolicy: { enabled: true, egressTo: [{ ipBlock: { cidr: '10.20.0.0/16' } }] },
    sandbox: { computeProfiles: [{ name: 'small', cpu: 1, memory_bytes: 1073741824 }] },
    hub: { extraEnv: { SERVICE_DEFAULT_ROLE: 'viewer', SERVICE_WARM_POOL_SIZE: 2 } },
    secrets: { key: DEPLOYMENT_KEY, retiredKeys: [RETIRED_DEPLOYMENT_KEY] },
  },
  /** A self-hosted S3 server and the deployment key in existing Secrets, OIDC with a Secret the chart makes, other drain budgets. */
  selfHosted: {
    storage: {
      type: 's3',
      s3: { bucket: 'hub', endpoint: 'http://seaweedfs.storage:8333', forcePathStyle: true, credentials: { existingSecret: 'hub-s3' } },
    },
    auth: { type: 'oidc', oidc: { issuer: 'https://dex.example.com', clientId: 'hub', clientSecret: OIDC_SECRET } },
    secrets: { existingSecret: 'hub-key', keyKey: 'active' },
    hub: { publicUrl: 'https://notebooks.example.com' },
    maintenance: { shutdownTimeoutSeconds: 300 },
    api: { replicaCount: 3, shutdownTimeoutSeconds: 45 },
    ingress: { enabled: true, host: 'notebooks.example.com' },
  },
  /** The topology in which sessions work with the local driver today. */
  singlePod: {
    api: { replicaCount: 0 },
    maintenance: { serveTraffic: true },
    storage: { fs: { accessModes: ['ReadWriteOnce'], storageClass: 'standard' } },
  },
  /** Catalog recovery with every writer stopped. */
  recovery: { recovery: { enabled: true, args: ['--snapshot', 'snap-01', '--apply', 'tok', '--writers-stopped', '--actor', 'usr-1'] } },
  /** Sandboxes as pods in a namespace of their own, every Kubernetes driver value set, network policies on. */
  kubernetes: {
    storage: { type: 's3', s3: { bucket: 'hub', endpoint: 'http://seaweedfs.storage:8333', forcePathStyle: true, credentials: { existingSecret: 'hub-s3' } } },
    sandbox: {
      driver: 'kubernetes',
      image: { repository: 'registry.example.com:5000/notebook-hub-sandbox', tag: 'marimo-0.25.2', pullPolicy: 'Always' },
      computeProfiles: [{ name: 'gpu', cpu: 4, memory_bytes: 17179869184, gpu: '1' }],
      kubernetes: {
        namespace: 'sandboxes',
        requestRatio: 0.25,
        exposure: 'service',
        gpuResource: 'amd.com/gpu',
        nodeSelector: { pool: 'notebooks' },
        tolerations: [{ key: 'notebooks', operator: 'Exists', effect: 'NoSchedule' }],
        imagePullSecrets: ['registry-credentials', 'mirror-credentials'],
      },
    },
    networkPolicy: { enabled: true },
  },
  /** The Kubernetes driver with nothing else said: sandboxes in the release namespace, the hub's default image. */
  kubernetesDefaults: { sandbox: { driver: 'kubernetes' } },
} as const;
export type CaseName = keyof typeof CASES;
/** The cases whose sandboxes are pods: their hub pods call the API server. */
export const KUBERNETES_CASES: readonly CaseName[] = ['kubernetes', 'kubernetesDefaults'];

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}
export interface Probe {
  httpGet: { path: string; port: string | number };
}
export interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env: EnvVar[];
  ports?: { name: string; containerPort: number }[];
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  securityContext: Record<string, unknown>;
  volumeMounts: { name: string; mountPath: string }[];
}
export interface PodSpec {
  terminationGracePeriodSeconds?: number;
  serviceAccountName: string;
  automountServiceAccountToken: boolean;
  securityContext: Record<string, unknown>;
  containers: Container[];
  volumes: { name: string; emptyDir?: object; persistentVolumeClaim?: { claimName: string } }[];
}
export interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: PodSpec;
}
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  // The parts of each kind the assertions read.
  spec?: {
    replicas?: number;
    template?: PodTemplate;
    selector?: Record<string, string> | { matchLabels: Record<string, string> };
    ports?: { name: string; port: number; targetPort: string }[];
    ingressClassName?: string;
    tls?: { hosts: string[]; secretName: string }[];
    rules?: { host: string; http: { paths: { path: string; pathType: string; backend: { service: { name: string; port: { name: string } } } }[] } }[];
    podSelector?: { matchLabels: Record<string, string> };
    policyTypes?: string[];
    ingress?: { from: object[]; ports: object[] }[];
    egress?: { to?: object[]; ports: { port: number }[] }[];
    accessModes?: string[];
  };
  data?: Record<string, string>;
}

export interface Rendered {
  text: string;
  manifests: Manifest[];
}

/**
 * Renders every case with `helm template` before the suite's tests (and removes the files after),
 * and gives the tests the rendered manifests and ways to look into them.
 */
export function useRenderedChart() {
  let work!: { dir: string; cleanup: () => Promise<void> };
  const rendered = new Map<CaseName, Rendered>();
  const valuesFiles = new Map<CaseName, string>();

  const writeValues = async (name: string, values: object): Promise<string> => {
    const file = path.join(work.dir, `${name}.yaml`);
    await writeFile(file, stringify(values));
    return file;
  };

  /** `helm template` with one values file; the failure's stderr when helm refuses. */
  const template = async (valuesFile: string): Promise<{ ok: true; text: string } | { ok: false; stderr: string }> => {
    try {
      const { stdout } = await run(helm!.helm, ['template', RELEASE, CHART, '--namespace', NAMESPACE, '--values', valuesFile], { maxBuffer: 16 * 1024 * 1024 });
      return { ok: true, text: stdout };
    } catch (error) {
      return { ok: false, stderr: (error as { stderr?: string }).stderr ?? String(error) };
    }
  };

  const refusal = async (values: object): Promise<string> => {
    const result = await template(await writeValues(`refused-${Math.random().toString(36).slice(2)}`, values));
    if (result.ok) throw new Error(`helm rendered values it should refuse: ${JSON.stringify(values)}`);
    return result.stderr;
  };

  const manifests = (name: CaseName): Manifest[] => rendered.get(name)!.manifests;
  const find = (name: CaseName, kind: string, suffix = ''): Manifest => {
    const wanted = `${RELEASE}-notebook-hub${suffix}`;
    const found = manifests(name).find((manifest) => manifest.kind === kind && manifest.metadata.name === wanted);
    if (!found) throw new Error(`no ${kind} ${wanted} in case ${name}`);
    return found;
  };
  const hubContainer = (deployment: Manifest): Container => deployment.spec!.template!.spec.containers.find((container) => container.name === 'hub')!;
  const envValue = (container: Container, name: string): string | undefined => container.env.find((entry) => entry.name === name)?.value;

  /** A container's environment as the hub would see it: Secret references resolved from rendered Secrets, or a stand-in value for Secrets the operator makes. */
  const resolvedEnv = (name: CaseName, container: Container): Record<string, string> => {
    const secrets = new Map(
      manifests(name)
        .filter((manifest) => manifest.kind === 'Secret')
        .map((secret) => [secret.metadata.name, secret.data ?? {}]),
    );
    return Object.fromEntries(
      container.env.map((entry) => {
        const ref = entry.valueFrom?.secretKeyRef;
        if (!ref) return [entry.name, entry.value ?? ''];
        const data = secrets.get(ref.name);
        if (data) return [entry.name, Buffer.from(data[ref.key] ?? '', 'base64').toString('utf8')];
        // A deployment key must be 32 bytes in base64; the retired keys of an operator's Secret may be absent.
        if (entry.name === 'SERVICE_SECRETS_KEY')
          return [entry.name, Buffer.from(`operator-secret-${ref.name}`.padEnd(32, '-').slice(0, 32)).toString('base64')];
        if (entry.name === 'SERVICE_SECRETS_RETIRED_KEYS') return [entry.name, ''];
        return [entry.name, `operator-secret-${ref.name}-${ref.key}`];
      }),
    );
  };

  beforeAll(async () => {
    work = await makeTempDir('helm-chart');
    for (const [name, values] of Object.entries(CASES) as [CaseName, object][]) {
      const file = await writeValues(name, values);
      valuesFiles.set(name, file);
      const result = await template(file);
      if (!result.ok) throw new Error(`helm template refused the ${name} values:\n${result.stderr}`);
      const documents = parseAllDocuments(result.text).map((document) => document.toJS() as Manifest | null);
      rendered.set(name, { text: result.text, manifests: documents.filter((manifest): manifest is Manifest => manifest !== null) });
    }
  });

  afterAll(async () => {
    await work?.cleanup();
  });

  return {
    rendered,
    valuesFiles,
    workDir: () => work.dir,
    refusal,
    manifests,
    find,
    hubContainer,
    envValue,
    resolvedEnv,
  };
}
