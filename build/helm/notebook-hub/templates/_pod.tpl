{{/*
The hub's settings (docs/configuration.md). `kind` is maintenance, api or recovery; the maintenance
replica alone runs the background loops (docs/maintenance.md, "Where loops run"). Secrets are
referenced from Secrets, never written into the pod spec.
*/}}
{{- define "notebook-hub.env" -}}
{{- $root := .root }}
{{- $v := $root.Values }}
- name: SERVICE_HOST
  value: {{ $v.hub.listenHost | quote }}
- name: SERVICE_PORT
  value: {{ $v.hub.port | quote }}
- name: SERVICE_DATA_DIR
  value: /data
- name: SERVICE_IMAGE
  value: {{ include "notebook-hub.image" $root | quote }}
- name: SERVICE_LOG_LEVEL
  value: {{ $v.hub.logLevel | quote }}
- name: SERVICE_RUN_MAINTENANCE
  value: {{ ternary "true" "false" (eq .kind "maintenance") | quote }}
{{- if ne .kind "recovery" }}
- name: SERVICE_SHUTDOWN_TIMEOUT_SECONDS
  value: {{ (index $v .kind).shutdownTimeoutSeconds | int | quote }}
{{- end }}
{{- with include "notebook-hub.publicUrl" $root }}
- name: SERVICE_PUBLIC_URL
  value: {{ . | quote }}
{{- end }}
- name: SERVICE_STORAGE
  value: {{ $v.storage.type | quote }}
{{- if eq $v.storage.type "s3" }}
{{- $s3 := $v.storage.s3 }}
- name: SERVICE_S3_BUCKET
  value: {{ $s3.bucket | quote }}
{{- with $s3.endpoint }}
- name: SERVICE_S3_ENDPOINT
  value: {{ . | quote }}
{{- end }}
- name: SERVICE_S3_REGION
  value: {{ $s3.region | quote }}
{{- with $s3.prefix }}
- name: SERVICE_S3_PREFIX
  value: {{ . | quote }}
{{- end }}
- name: SERVICE_S3_FORCE_PATH_STYLE
  value: {{ ternary "true" "false" $s3.forcePathStyle | quote }}
{{- if include "notebook-hub.s3StaticCredentials" $root }}
- name: SERVICE_S3_ACCESS_KEY_ID
  valueFrom:
    secretKeyRef:
      name: {{ include "notebook-hub.s3SecretName" $root }}
      key: {{ $s3.credentials.accessKeyIdKey }}
- name: SERVICE_S3_SECRET_ACCESS_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "notebook-hub.s3SecretName" $root }}
      key: {{ $s3.credentials.secretAccessKeyKey }}
{{- end }}
{{- end }}
- name: SERVICE_SECRETS_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "notebook-hub.secretsKeySecretName" $root }}
      key: {{ $v.secrets.keyKey }}
- name: SERVICE_SECRETS_RETIRED_KEYS
  valueFrom:
    secretKeyRef:
      name: {{ include "notebook-hub.secretsKeySecretName" $root }}
      key: {{ $v.secrets.retiredKeysKey }}
      optional: true
- name: SERVICE_AUTH
  value: {{ $v.auth.type | quote }}
{{- if eq $v.auth.type "oidc" }}
- name: SERVICE_OIDC_ISSUER
  value: {{ $v.auth.oidc.issuer | quote }}
- name: SERVICE_OIDC_CLIENT_ID
  value: {{ $v.auth.oidc.clientId | quote }}
{{- with $v.auth.oidc.scopes }}
- name: SERVICE_OIDC_SCOPES
  value: {{ . | quote }}
{{- end }}
{{- if include "notebook-hub.oidcClientSecret" $root }}
- name: SERVICE_OIDC_CLIENT_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ include "notebook-hub.oidcSecretName" $root }}
      key: {{ $v.auth.oidc.clientSecretKey }}
{{- end }}
{{- else }}
{{- with $v.auth.localUserEmail }}
- name: SERVICE_LOCAL_USER_EMAIL
  value: {{ . | quote }}
{{- end }}
{{- end }}
{{- with $v.auth.superAdmins }}
- name: SERVICE_SUPER_ADMINS
  value: {{ join "," . | quote }}
{{- end }}
- name: SERVICE_SANDBOX_DRIVER
  value: {{ $v.sandbox.driver | quote }}
{{- with $v.sandbox.wheelhouse }}
- name: SERVICE_SANDBOX_WHEELHOUSE
  value: {{ . | quote }}
{{- end }}
{{- with $v.sandbox.startupTimeoutSeconds }}
- name: SERVICE_SANDBOX_STARTUP_TIMEOUT_SECONDS
  value: {{ . | int | quote }}
{{- end }}
{{- with $v.sandbox.computeProfiles }}
- name: SERVICE_COMPUTE_PROFILES
  value: {{ toJson . | quote }}
{{- end }}
{{- if include "notebook-hub.kubernetesDriver" $root }}
{{- $k := $v.sandbox.kubernetes }}
{{- with $v.sandbox.image.repository }}
- name: SERVICE_SANDBOX_IMAGE
  value: {{ ternary (printf "%s:%s" . $v.sandbox.image.tag) . (not (empty $v.sandbox.image.tag)) | quote }}
{{- end }}
- name: SERVICE_KUBERNETES_IMAGE_PULL_POLICY
  value: {{ $v.sandbox.image.pullPolicy | quote }}
- name: SERVICE_KUBERNETES_NAMESPACE
  value: {{ include "notebook-hub.sandboxNamespace" $root | quote }}
- name: SERVICE_KUBERNETES_REQUEST_RATIO
  value: {{ $k.requestRatio | toString | quote }}
- name: SERVICE_KUBERNETES_EXPOSURE
  value: {{ $k.exposure | quote }}
- name: SERVICE_KUBERNETES_GPU_RESOURCE
  value: {{ $k.gpuResource | quote }}
{{- with $k.nodeSelector }}
- name: SERVICE_KUBERNETES_NODE_SELECTOR
  value: {{ toJson . | quote }}
{{- end }}
{{- with $k.tolerations }}
- name: SERVICE_KUBERNETES_TOLERATIONS
  value: {{ toJson . | quote }}
{{- end }}
{{- with $k.imagePullSecrets }}
- name: SERVICE_KUBERNETES_IMAGE_PULL_SECRETS
  value: {{ join "," . | quote }}
{{- end }}
{{- /* Sandbox pods admit connections only from pods with these labels (docs/kubernetes.md, "What a sandbox pod is"). */}}
- name: SERVICE_KUBERNETES_HUB_POD_LABELS
  value: {{ include "notebook-hub.selectorLabels" $root | fromYaml | toJson | quote }}
- name: SERVICE_KUBERNETES_HUB_NAMESPACE
  value: {{ $root.Release.Namespace | quote }}
{{- end }}
{{- range $name := keys $v.hub.extraEnv | sortAlpha }}
- name: {{ $name }}
  value: {{ index $v.hub.extraEnv $name | toString | quote }}
{{- end }}
{{- with $v.hub.extraEnvFrom }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/*
Volumes: the hub's own data folder (SERVICE_DATA_DIR: the local login token, the local sandbox
runtime and sandboxes) and /tmp are per pod, so the root filesystem can stay read-only; with
`storage.type=fs` the store (`/data/store`) is one claim every replica shares.
*/}}
{{- define "notebook-hub.volumes" -}}
- name: data
  emptyDir: {{ ternary (dict "sizeLimit" .Values.hub.dataDirSizeLimit) (dict) (not (empty .Values.hub.dataDirSizeLimit)) | toJson }}
- name: tmp
  emptyDir: {}
{{- if eq .Values.storage.type "fs" }}
- name: store
  persistentVolumeClaim:
    claimName: {{ include "notebook-hub.fsClaimName" . }}
{{- end }}
{{- end }}

{{- define "notebook-hub.volumeMounts" -}}
- name: data
  mountPath: /data
- name: tmp
  mountPath: /tmp
{{- if eq .Values.storage.type "fs" }}
- name: store
  mountPath: /data/store
{{- end }}
{{- end }}

{{/* Pod-level settings every hub pod shares. */}}
{{- define "notebook-hub.podCommon" -}}
serviceAccountName: {{ include "notebook-hub.serviceAccountName" . }}
automountServiceAccountToken: {{ include "notebook-hub.automountToken" . }}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
volumes:
  {{- include "notebook-hub.volumes" . | nindent 2 }}
{{- end }}

{{/*
A hub Deployment's pod template. The kill window is the drain budget plus 20 s, as the hub asks
(docs/configuration.md, "Shutdown"): it logs `drain_timeout` when the budget runs out and exits at
most 10 s later.
*/}}
{{- define "notebook-hub.podTemplate" -}}
{{- $root := .root }}
{{- $v := $root.Values }}
{{- /* The hub serves every route under its path prefix, its health routes too. */}}
{{- $health := printf "%s/api/health" (include "notebook-hub.pathPrefix" $root) }}
{{- $settings := index $v .kind }}
metadata:
  labels:
    {{- include "notebook-hub.selectorLabels" $root | nindent 4 }}
    app.kubernetes.io/component: {{ .kind }}
    {{- if or (eq .kind "api") $v.maintenance.serveTraffic }}
    notebook-hub/serves-traffic: "true"
    {{- end }}
    {{- with $v.podLabels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  annotations:
    {{- /* A changed chart-made Secret rolls the pods: the hub reads its settings once, at start-up. */}}
    checksum/secrets: {{ include (print $root.Template.BasePath "/secrets.yaml") $root | sha256sum }}
    {{- with $v.podAnnotations }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
spec:
  {{- include "notebook-hub.podCommon" $root | nindent 2 }}
  terminationGracePeriodSeconds: {{ add (int $settings.shutdownTimeoutSeconds) 20 }}
  containers:
    - name: hub
      image: {{ include "notebook-hub.image" $root | quote }}
      imagePullPolicy: {{ $v.image.pullPolicy }}
      {{- with $v.image.command }}
      command:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.image.args }}
      args:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      ports:
        - name: http
          containerPort: {{ $v.hub.port }}
          protocol: TCP
      env:
        {{- include "notebook-hub.env" (dict "root" $root "kind" .kind) | trim | nindent 8 }}
      {{- /* Start-up (the store preflight, the catalog) may take a while; the other probes wait for it. */}}
      startupProbe:
        httpGet:
          path: {{ $health }}
          port: http
        periodSeconds: 2
        failureThreshold: {{ $v.probes.startupFailureThreshold }}
      {{- if eq .kind "maintenance" }}
      {{- /* 503 means a loop is stalled, which a restart can fix (docs/maintenance.md). */}}
      readinessProbe:
        httpGet:
          path: {{ $health }}/maintenance
          port: http
        periodSeconds: 10
        failureThreshold: 3
      livenessProbe:
        httpGet:
          path: {{ $health }}/maintenance
          port: http
        periodSeconds: 30
        timeoutSeconds: 5
        failureThreshold: {{ $v.probes.maintenanceLivenessFailureThreshold }}
      {{- else }}
      readinessProbe:
        httpGet:
          path: {{ $health }}
          port: http
        periodSeconds: 5
        failureThreshold: 2
      livenessProbe:
        httpGet:
          path: {{ $health }}
          port: http
        periodSeconds: 10
        timeoutSeconds: 5
        failureThreshold: 6
      {{- end }}
      resources:
        {{- toYaml $settings.resources | nindent 8 }}
      securityContext:
        {{- toYaml $v.securityContext | nindent 8 }}
      volumeMounts:
        {{- include "notebook-hub.volumeMounts" $root | nindent 8 }}
{{- end }}
