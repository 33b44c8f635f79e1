{{/* Names, labels and the wiring shared by the templates. */}}

{{- define "otp.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "otp.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* Name of a component's objects: <fullname>-<component>. Args: (list $ "billing"). */}}
{{- define "otp.componentName" -}}
{{- $root := index . 0 -}}
{{- printf "%s-%s" (include "otp.fullname" $root) (index . 1) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* The headless Service of a gRPC component's pods (what peers dial). Args: (list $ "sms"). */}}
{{- define "otp.podsServiceName" -}}
{{- printf "%s-pods" (include "otp.componentName" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "otp.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ include "otp.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: otp
{{- end -}}

{{/* Selector labels of one component. Args: (list $ "billing"). */}}
{{- define "otp.selectorLabels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ include "otp.name" $root }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{- define "otp.image" -}}
{{- if .Values.image.digest -}}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest -}}
{{- else -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}
{{- end -}}

{{- define "otp.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "otp.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* The chart's own Secret (generated credentials, URLs given as values). */}}
{{- define "otp.secretName" -}}
{{- include "otp.fullname" . -}}
{{- end -}}

{{- define "otp.configName" -}}
{{- printf "%s-config" (include "otp.fullname" .) -}}
{{- end -}}

{{- define "otp.sandboxEnabled" -}}
{{- if and .Values.components.sandbox .Values.components.sandbox.enabled -}}true{{- end -}}
{{- end -}}

{{/* First port of a component. Args: (list $ "billing"). */}}
{{- define "otp.firstPort" -}}
{{- $c := index (index . 0).Values.components (index . 1) -}}
{{- (first $c.ports).port -}}
{{- end -}}

{{/* Port of a component by name. Args: (list $ "gateway" "http"). */}}
{{- define "otp.namedPort" -}}
{{- $c := index (index . 0).Values.components (index . 1) -}}
{{- range $c.ports -}}{{- if eq .name (index $ 2) -}}{{ .port }}{{- end -}}{{- end -}}
{{- end -}}

{{/*
Generated secret value, kept across upgrades: the value given, else what the live Secret already
holds (lookup), else a new random one. Args: (list $ "KEY" givenValue length-or-"hex64").
*/}}
{{- define "otp.keptSecret" -}}
{{- $root := index . 0 -}}
{{- $key := index . 1 -}}
{{- $given := index . 2 -}}
{{- if $given -}}
{{- $given -}}
{{- else -}}
{{- $live := lookup "v1" "Secret" $root.Release.Namespace (include "otp.secretName" $root) -}}
{{- if and $live $live.data (hasKey $live.data $key) -}}
{{- index $live.data $key | b64dec -}}
{{- else if eq (toString (index . 3)) "hex64" -}}
{{- /* 32 random bytes as 64 hex characters (sha256 of 64 random alphanumerics, ~380 bits). */ -}}
{{- randAlphaNum 64 | sha256sum -}}
{{- else -}}
{{- randAlphaNum (index . 3) -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* Secret name + key of DATABASE_URL / NATS_URL for secretKeyRef. Args: $ ; returns "name/key". */}}
{{- define "otp.databaseUrlRef" -}}
{{- if and .Values.database.existingSecret (not .Values.trial.postgres.enabled) -}}
{{- printf "%s/%s" .Values.database.existingSecret .Values.database.existingSecretKey -}}
{{- else -}}
{{- printf "%s/DATABASE_URL" (include "otp.secretName" .) -}}
{{- end -}}
{{- end -}}

{{/*
Each enabled part's own database URL (user: its role database.roles.prefix + schema) under
DATABASE_URL_<SCHEMA>, and the generated passwords in them under DATABASE_PASSWORD_<SCHEMA> (kept
across upgrades like the chart's other generated secrets). Computed once per render: the migration
hook's Secret and the chart's Secret must carry the same passwords. Empty with
database.existingSecret (that Secret holds the parts' URLs). Args: $ ; returns JSON.
*/}}
{{- define "otp.partDatabaseSecrets" -}}
{{- $roles := .Values.database.roles -}}
{{- if not (hasKey $roles "rendered") -}}
{{- $out := dict -}}
{{- if or .Values.trial.postgres.enabled (not .Values.database.existingSecret) -}}
{{- $owner := .Values.database.url -}}
{{- if .Values.trial.postgres.enabled -}}
{{- $owner = printf "postgresql://%s@%s:5432/%s" .Values.trial.postgres.user (include "otp.componentName" (list . "postgres")) .Values.trial.postgres.database -}}
{{- end -}}
{{- $parsed := urlParse $owner -}}
{{- range $name, $c := .Values.components -}}
{{- if and $c.enabled $c.schema -}}
{{- $key := upper $c.schema -}}
{{- $given := index $roles.passwords $c.schema | default "" -}}
{{- if and (not $roles.create) (not $given) -}}
{{- fail (printf "database.roles.passwords.%s is required with database.roles.create=false: the password the DBA gave role %s%s" $c.schema $roles.prefix $c.schema) -}}
{{- end -}}
{{- $password := include "otp.keptSecret" (list $ (printf "DATABASE_PASSWORD_%s" $key) $given 32) -}}
{{- $url := printf "%s://%s%s:%s@%s%s" $parsed.scheme $roles.prefix $c.schema (urlquery $password) $parsed.host $parsed.path -}}
{{- if $parsed.query -}}{{- $url = printf "%s?%s" $url $parsed.query -}}{{- end -}}
{{- $_ := set $out (printf "DATABASE_PASSWORD_%s" $key) $password -}}
{{- $_ := set $out (printf "DATABASE_URL_%s" $key) $url -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- $_ := set $roles "rendered" $out -}}
{{- end -}}
{{- toJson $roles.rendered -}}
{{- end -}}

{{/* Secret name + key of a part's own DATABASE_URL (its role). Args: (list $ "sms"), the schema. */}}
{{- define "otp.partDatabaseUrlRef" -}}
{{- $root := index . 0 -}}
{{- $key := printf "DATABASE_URL_%s" (upper (index . 1)) -}}
{{- if and $root.Values.database.existingSecret (not $root.Values.trial.postgres.enabled) -}}
{{- printf "%s/%s" $root.Values.database.existingSecret $key -}}
{{- else -}}
{{- printf "%s/%s" (include "otp.secretName" $root) $key -}}
{{- end -}}
{{- end -}}

{{- define "otp.natsUrlRef" -}}
{{- if and .Values.nats.existingSecret (not .Values.trial.nats.enabled) -}}
{{- printf "%s/%s" .Values.nats.existingSecret .Values.nats.existingSecretKey -}}
{{- else -}}
{{- printf "%s/NATS_URL" (include "otp.secretName" .) -}}
{{- end -}}
{{- end -}}

{{- define "otp.appSecretName" -}}
{{- default (include "otp.secretName" .) .Values.secrets.existingSecret -}}
{{- end -}}

{{/* env entry from a "name/key" secret reference. Args: (list "ENV_NAME" "secret/key"). */}}
{{- define "otp.secretEnv" -}}
{{- $ref := splitn "/" 2 (index . 1) -}}
- name: {{ index . 0 }}
  valueFrom:
    secretKeyRef:
      name: {{ $ref._0 }}
      key: {{ $ref._1 }}
{{- end -}}

{{/* The emptyDir /tmp every container gets (read-only root filesystem). */}}
{{- define "otp.tmpVolume" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ .Values.tmpSizeLimit }}
{{- end -}}

{{/* Egress rule to Postgres: the trial pod, or networkPolicy.postgres.to (any when empty). */}}
{{- define "otp.postgresEgress" -}}
{{- include "otp.storeEgress" (list . "postgres" .Values.networkPolicy.postgres 5432) -}}
{{- end -}}

{{- define "otp.natsEgress" -}}
{{- include "otp.storeEgress" (list . "nats" .Values.networkPolicy.nats 4222) -}}
{{- end -}}

{{- define "otp.storeEgress" -}}
{{- $root := index . 0 -}}
{{- $store := index . 1 -}}
{{- $rule := index . 2 -}}
{{- if (index $root.Values.trial $store).enabled -}}
- ports: [{ port: {{ index . 3 }}, protocol: TCP }]
  to:
    - podSelector:
        matchLabels:
          {{- include "otp.selectorLabels" (list $root $store) | nindent 10 }}
{{- else -}}
- ports: [{ port: {{ $rule.port }}, protocol: TCP }]
  {{- with $rule.to }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end -}}
{{- end -}}

{{/* The Secret holding the carriers file; empty when there is none (one carrier from smpp.*). */}}
{{- define "otp.carriersSecretName" -}}
{{- $file := .Values.smpp.carriersFile -}}
{{- if $file.existingSecret -}}{{ $file.existingSecret }}{{- else if $file.carriers -}}{{ printf "%s-carriers" (include "otp.fullname" .) }}{{- end -}}
{{- end -}}

{{/* The console's single sign-on variables (consoleSso), checked: half a setup fails the render. */}}
{{- define "otp.consoleSsoEnv" -}}
{{- $sso := .Values.consoleSso -}}
{{- $redirect := $sso.redirectUrl -}}
{{- if and (not $redirect) .Values.consoleIngress.enabled .Values.consoleIngress.hosts -}}
{{- $redirect = printf "https://%s/api/sso/callback" (first .Values.consoleIngress.hosts).host -}}
{{- end -}}
{{- if not $redirect -}}
{{- fail "consoleSso.redirectUrl is required with consoleSso.issuer (or a consoleIngress host to build it from)" -}}
{{- end -}}
{{- if not (or $sso.clientSecret $sso.existingSecret) -}}
{{- fail "consoleSso.clientSecret or consoleSso.existingSecret is required with consoleSso.issuer" -}}
{{- end -}}
- { name: CONSOLE_OIDC_ISSUER, value: {{ $sso.issuer | quote }} }
- { name: CONSOLE_OIDC_CLIENT_ID, value: {{ required "consoleSso.clientId is required with consoleSso.issuer" $sso.clientId | quote }} }
- { name: CONSOLE_OIDC_REDIRECT_URL, value: {{ $redirect | quote }} }
{{ include "otp.secretEnv" (list "CONSOLE_OIDC_CLIENT_SECRET" (printf "%s/CONSOLE_OIDC_CLIENT_SECRET" (default (include "otp.secretName" .) $sso.existingSecret))) }}
{{- end -}}

{{/* "true" when a component serves gRPC (probe grpc) or calls a part over it (peers), else "". Args: the component. */}}
{{- define "otp.speaksGrpc" -}}
{{- if or (eq .probe "grpc") .peers -}}true{{- end -}}
{{- end -}}

{{/* The Secret with a part's gRPC certificate (grpc-tls.yaml). Args: (list $ "sms"). */}}
{{- define "otp.grpcTlsSecretName" -}}
{{- printf "%s-grpc-tls-%s" (include "otp.fullname" (index . 0)) (index . 1) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
The names a part's gRPC certificate holds: its Services (the headless one peers dial) short, in the
namespace and fully qualified, and localhost (kubectl port-forward). Args: (list $ "sms"); returns JSON.
*/}}
{{- define "otp.grpcDnsNames" -}}
{{- $root := index . 0 -}}
{{- $names := list "localhost" -}}
{{- range list (include "otp.componentName" .) (include "otp.podsServiceName" .) -}}
{{- $names = concat $names (list . (printf "%s.%s.svc" . $root.Release.Namespace) (printf "%s.%s.svc.cluster.local" . $root.Release.Namespace)) -}}
{{- end -}}
{{- toJson $names -}}
{{- end -}}

{{/*
The NATS users (docs/security.md, "NATS users"): one per part that uses the bus and the provisioner
that makes the streams, with their permissions, from files/nats-permissions.json (generated from
services/platform/src/bus/permissions.ts by `npm run openapi:gen`). Returns JSON {user: {...}}.
*/}}
{{- define "otp.natsUsers" -}}
{{- (.Files.Get "files/nats-permissions.json" | fromJson).users | toJson -}}
{{- end -}}

{{/* "true" when a component has a NATS user (it uses the bus), else "". Args: (list $ "sms"). */}}
{{- define "otp.usesNats" -}}
{{- if hasKey (include "otp.natsUsers" (index . 0) | fromJson) (index . 1) -}}true{{- end -}}
{{- end -}}

{{/* The Secret key of a NATS user's password: NATS_PASSWORD_<USER>. Args: the user. */}}
{{- define "otp.natsPasswordKey" -}}
{{- printf "NATS_PASSWORD_%s" (. | upper | replace "-" "_") -}}
{{- end -}}

{{/*
Every NATS user's password under NATS_PASSWORD_<USER>: nats.passwords.<user>, else generated once
and kept across upgrades like the chart's other secrets. Computed once per render: the migration
hook's Secret, the chart's Secret and the trial NATS's configuration must agree. Empty with
nats.existingSecret (that Secret holds them) unless the chart runs the trial NATS. Args: $ ; returns JSON.
*/}}
{{- define "otp.natsSecrets" -}}
{{- $nats := .Values.nats -}}
{{- if not (hasKey $nats "rendered") -}}
{{- $out := dict -}}
{{- if or .Values.trial.nats.enabled (not $nats.existingSecret) -}}
{{- range $user, $_ := include "otp.natsUsers" . | fromJson -}}
{{- $key := include "otp.natsPasswordKey" $user -}}
{{- $given := index $nats.passwords $user | default "" -}}
{{- $_ := set $out $key (include "otp.keptSecret" (list $ $key $given 32)) -}}
{{- end -}}
{{- end -}}
{{- $_ := set $nats "rendered" $out -}}
{{- end -}}
{{- toJson $nats.rendered -}}
{{- end -}}

{{/* Secret name + key of a NATS user's password. Args: (list $ "sms"). */}}
{{- define "otp.natsPasswordRef" -}}
{{- $root := index . 0 -}}
{{- $key := include "otp.natsPasswordKey" (index . 1) -}}
{{- if and $root.Values.nats.existingSecret (not $root.Values.trial.nats.enabled) -}}
{{- printf "%s/%s" $root.Values.nats.existingSecret $key -}}
{{- else -}}
{{- printf "%s/%s" (include "otp.secretName" $root) $key -}}
{{- end -}}
{{- end -}}

{{/*
A NATS user's credentials as env entries: NATS_USER and NATS_PASSWORD (from a Secret), or
NATS_CREDS, its .creds file from nats.credsSecret (mounted by otp.natsCredsVolume). Args:
(list $ "sms" "secret/key"), the last the password's reference.
*/}}
{{- define "otp.natsCredentialsEnv" -}}
{{- $root := index . 0 -}}
{{- $user := index . 1 -}}
{{- if and $root.Values.nats.credsSecret (not $root.Values.trial.nats.enabled) -}}
- { name: NATS_CREDS, value: {{ printf "/etc/otp/nats/%s.creds" $user | quote }} }
{{- else -}}
- { name: NATS_USER, value: {{ $user | quote }} }
{{ include "otp.secretEnv" (list "NATS_PASSWORD" (index . 2)) }}
{{- end -}}
{{- end -}}

{{/* The volume with one user's .creds file (nats.credsSecret, key <user>.creds), if any. Args: (list $ "sms"). */}}
{{- define "otp.natsCredsVolume" -}}
{{- $root := index . 0 -}}
{{- if and $root.Values.nats.credsSecret (not $root.Values.trial.nats.enabled) -}}
- name: nats-creds
  secret:
    secretName: {{ $root.Values.nats.credsSecret }}
    # This user's file only: a pod never holds another part's credentials.
    items: [{ key: {{ printf "%s.creds" (index . 1) | quote }}, path: {{ printf "%s.creds" (index . 1) | quote }} }]
    defaultMode: 0440
{{- end -}}
{{- end -}}

{{/*
The trial NATS's authorization block: every user with its password and its permissions (a
nats-server configuration; quoted strings, so `$JS...` names no variable). Args: $.
*/}}
{{- define "otp.natsAuthConfig" -}}
{{- $passwords := include "otp.natsSecrets" . | fromJson -}}
authorization {
  users = [
    {{- range $user, $permissions := include "otp.natsUsers" . | fromJson }}
    {
      user: {{ $user | quote }}
      password: {{ index $passwords (include "otp.natsPasswordKey" $user) | quote }}
      permissions: {
        {{- /* quote, not toJson: JSON would escape `>` as \u003e. */}}
        publish: { allow: [{{ range $i, $subject := $permissions.publish }}{{ if $i }}, {{ end }}{{ $subject | quote }}{{ end }}] }
        subscribe: { allow: [{{ range $i, $subject := $permissions.subscribe }}{{ if $i }}, {{ end }}{{ $subject | quote }}{{ end }}] }
      }
    }
    {{- end }}
  ]
}
{{- end -}}
