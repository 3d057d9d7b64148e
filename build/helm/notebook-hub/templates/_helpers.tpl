{{/*
Names and labels. Every object the chart makes is named after the release; pods carry the
component (`maintenance`, `api`, `recovery`) so the Service and network policies can pick them.
*/}}
{{- define "notebook-hub.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "notebook-hub.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "notebook-hub.selectorLabels" -}}
app.kubernetes.io/name: {{ include "notebook-hub.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "notebook-hub.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "notebook-hub.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "notebook-hub.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "notebook-hub.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* The image reference; its tag defaults to the chart's appVersion (one version pins both). */}}
{{- define "notebook-hub.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) }}
{{- end }}

{{/*
The ingress path prefix, normalised: "" for none, else "/a/b" (leading slash, no trailing one).
The hub serves every route under the path of SERVICE_PUBLIC_URL, and the ingress passes paths
through unchanged (docs/deploy.md, "Behind a reverse proxy").
*/}}
{{- define "notebook-hub.pathPrefix" -}}
{{- $prefix := trimSuffix "/" (default "" .Values.ingress.pathPrefix) }}
{{- if and $prefix (not (regexMatch "^(/[A-Za-z0-9._~-]+)+$" $prefix)) }}
{{- fail (printf "ingress.pathPrefix %q must be a path such as /notebooks (segments of letters, digits and ._~-)" .Values.ingress.pathPrefix) }}
{{- end }}
{{- $prefix }}
{{- end }}

{{/*
SERVICE_PUBLIC_URL: hub.publicUrl (an origin) or, with the ingress on, its host (https when it has
TLS), followed by the path prefix. Empty when neither is known: the hub then uses its listen
address (docs/configuration.md, "Server").
*/}}
{{- define "notebook-hub.publicUrl" -}}
{{- $prefix := include "notebook-hub.pathPrefix" . }}
{{- $origin := trimSuffix "/" (default "" .Values.hub.publicUrl) }}
{{- if and $origin (not (regexMatch "^https?://[^/?#]+$" $origin)) }}
{{- fail (printf "hub.publicUrl %q must be an origin such as https://hub.example.com; put a path in ingress.pathPrefix" .Values.hub.publicUrl) }}
{{- end }}
{{- if and (not $origin) .Values.ingress.enabled .Values.ingress.host }}
{{- $origin = printf "%s://%s" (ternary "https" "http" .Values.ingress.tls.enabled) .Values.ingress.host }}
{{- end }}
{{- if and $prefix (not $origin) }}
{{- fail "ingress.pathPrefix needs the hub's origin: set ingress.host (with ingress.enabled) or hub.publicUrl" }}
{{- end }}
{{- if $origin }}{{ printf "%s%s" $origin $prefix }}{{ end }}
{{- end }}

{{/*
The Kubernetes sandbox driver (docs/kubernetes.md): "true" when sandboxes are pods, so the hub
gets its service account's token and a Role in the sandboxes' namespace.
*/}}
{{- define "notebook-hub.kubernetesDriver" -}}
{{- if eq .Values.sandbox.driver "kubernetes" }}true{{ end }}
{{- end }}

{{/* Where sandbox pods go: sandbox.kubernetes.namespace, else the release namespace. */}}
{{- define "notebook-hub.sandboxNamespace" -}}
{{- default .Release.Namespace .Values.sandbox.kubernetes.namespace }}
{{- end }}

{{/* The hub pods' token: always with the Kubernetes driver (the hub calls the API server). */}}
{{- define "notebook-hub.automountToken" -}}
{{- if or .Values.serviceAccount.automountToken (include "notebook-hub.kubernetesDriver" .) }}true{{ else }}false{{ end }}
{{- end }}

{{- define "notebook-hub.s3SecretName" -}}
{{- default (printf "%s-s3" (include "notebook-hub.fullname" .)) .Values.storage.s3.credentials.existingSecret }}
{{- end }}

{{- define "notebook-hub.oidcSecretName" -}}
{{- default (printf "%s-oidc" (include "notebook-hub.fullname" .)) .Values.auth.oidc.existingSecret }}
{{- end }}

{{- define "notebook-hub.secretsKeySecretName" -}}
{{- default (printf "%s-secrets-key" (include "notebook-hub.fullname" .)) .Values.secrets.existingSecret }}
{{- end }}

{{- define "notebook-hub.fsClaimName" -}}
{{- default (printf "%s-store" (include "notebook-hub.fullname" .)) .Values.storage.fs.existingClaim }}
{{- end }}

{{/* Static S3 credentials are used when a secret is named or both keys are given: both or neither. */}}
{{- define "notebook-hub.s3StaticCredentials" -}}
{{- $c := .Values.storage.s3.credentials }}
{{- if or $c.existingSecret (and $c.accessKeyId $c.secretAccessKey) }}true{{ end }}
{{- end }}

{{- define "notebook-hub.oidcClientSecret" -}}
{{- $o := .Values.auth.oidc }}
{{- if or $o.existingSecret $o.clientSecret }}true{{ end }}
{{- end }}

{{/*
Refuses values the hub would refuse at start-up, or that cannot work in a cluster, with a message
naming the value, so a bad release fails at `helm install` rather than in a crash loop.
*/}}
{{- define "notebook-hub.validate" -}}
{{- $v := .Values }}
{{- if eq $v.sandbox.driver "docker" }}
{{- fail "sandbox.driver=docker does not fit a cluster: the Docker driver needs a Docker Engine beside the hub and publishes sandbox ports on that engine's 127.0.0.1 (docs/deploy.md, \"Kubernetes (Helm)\"). Use sandbox.driver=kubernetes (a pod per sandbox)." }}
{{- end }}
{{- if not (has $v.sandbox.driver (list "kubernetes" "local")) }}
{{- fail (printf "sandbox.driver %q is not a driver the hub supports in a cluster (kubernetes or local)" $v.sandbox.driver) }}
{{- end }}
{{- if and (include "notebook-hub.kubernetesDriver" .) $v.sandbox.image.tag (not $v.sandbox.image.repository) }}
{{- fail "sandbox.image.tag needs sandbox.image.repository (SERVICE_SANDBOX_IMAGE is repository:tag)" }}
{{- end }}
{{- if not (has $v.storage.type (list "fs" "s3")) }}
{{- fail (printf "storage.type %q must be fs or s3" $v.storage.type) }}
{{- end }}
{{- if eq $v.storage.type "s3" }}
{{- if not $v.storage.s3.bucket }}
{{- fail "storage.s3.bucket is required with storage.type=s3 (SERVICE_S3_BUCKET)" }}
{{- end }}
{{- $c := $v.storage.s3.credentials }}
{{- if and (not $c.existingSecret) (or $c.accessKeyId $c.secretAccessKey) (not (and $c.accessKeyId $c.secretAccessKey)) }}
{{- fail "storage.s3.credentials: give both accessKeyId and secretAccessKey, or neither (the AWS credential chain), or name an existingSecret" }}
{{- end }}
{{- end }}
{{- if not (has $v.auth.type (list "local" "oidc")) }}
{{- fail (printf "auth.type %q must be local or oidc" $v.auth.type) }}
{{- end }}
{{- if eq $v.auth.type "oidc" }}
{{- if not (and $v.auth.oidc.issuer $v.auth.oidc.clientId) }}
{{- fail "auth.type=oidc needs auth.oidc.issuer and auth.oidc.clientId (SERVICE_OIDC_ISSUER, SERVICE_OIDC_CLIENT_ID)" }}
{{- end }}
{{- if and (not (hasPrefix "https://" $v.auth.oidc.issuer)) (ne (toString (index $v.hub.extraEnv "SERVICE_OIDC_ALLOW_HTTP" | default "")) "true") }}
{{- fail (printf "auth.oidc.issuer %q must be an https URL (SERVICE_OIDC_ISSUER; plain http only with hub.extraEnv.SERVICE_OIDC_ALLOW_HTTP=true, for development)" $v.auth.oidc.issuer) }}
{{- end }}
{{- if and $v.auth.oidc.scopes (not (has "openid" (splitList " " $v.auth.oidc.scopes))) }}
{{- fail (printf "auth.oidc.scopes %q must include openid (SERVICE_OIDC_SCOPES)" $v.auth.oidc.scopes) }}
{{- end }}
{{- if not (include "notebook-hub.publicUrl" .) }}
{{- fail "auth.type=oidc needs the hub's public address for its redirect URI: set ingress.host (with ingress.enabled) or hub.publicUrl" }}
{{- end }}
{{- end }}
{{- if and $v.secrets.existingSecret (or $v.secrets.key $v.secrets.retiredKeys) }}
{{- fail "secrets: name an existingSecret, or give secrets.key (and retiredKeys) for the chart to make one, not both" }}
{{- end }}
{{- if and $v.secrets.retiredKeys (not $v.secrets.key) (not $v.secrets.existingSecret) }}
{{- fail "secrets.retiredKeys needs secrets.key: retired keys are only read beside an active key you give (docs/secrets-at-rest.md, \"Rotating the key\")" }}
{{- end }}
{{- if and $v.ingress.enabled (not $v.ingress.host) }}
{{- fail "ingress.enabled needs ingress.host" }}
{{- end }}
{{- if and $v.ingress.tls.enabled (not $v.ingress.tls.secretName) }}
{{- fail "ingress.tls.enabled needs ingress.tls.secretName" }}
{{- end }}
{{- range $kind := list "maintenance" "api" }}
{{- $budget := int (index $v $kind).shutdownTimeoutSeconds }}
{{- if or (lt $budget 1) (gt $budget 3600) }}
{{- fail (printf "%s.shutdownTimeoutSeconds must be 1 to 3600 (SERVICE_SHUTDOWN_TIMEOUT_SECONDS)" $kind) }}
{{- end }}
{{- end }}
{{- range $name, $_ := $v.hub.extraEnv }}
{{- if or (has $name (list "SERVICE_RUN_MAINTENANCE" "SERVICE_SHUTDOWN_TIMEOUT_SECONDS" "SERVICE_HOST" "SERVICE_PORT" "SERVICE_DATA_DIR" "SERVICE_S3_ACCESS_KEY_ID" "SERVICE_S3_SECRET_ACCESS_KEY" "SERVICE_OIDC_CLIENT_SECRET" "SERVICE_SECRETS_KEY" "SERVICE_SECRETS_RETIRED_KEYS" "SERVICE_SECRETS_KEY_FILE" "SERVICE_SANDBOX_DRIVER" "SERVICE_SANDBOX_IMAGE")) (hasPrefix "SERVICE_KUBERNETES_" $name) }}
{{- fail (printf "hub.extraEnv.%s is set by the chart; use its value instead (docs/deploy.md, \"Kubernetes (Helm)\")" $name) }}
{{- end }}
{{- end }}
{{- end }}
