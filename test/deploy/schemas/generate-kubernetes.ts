/**
 * Writes kubernetes.json beside this file: JSON Schemas of the Kubernetes kinds deploy/k8s uses,
 * strict (a field the API does not define is an error, as `kubectl --validate=strict` and
 * kubeconform -strict have it), from the models of the npm package @kubernetes/client-node,
 * which are generated from the Kubernetes OpenAPI document. CI cannot fetch schemas at run
 * time, so the output is vendored; run this again to move to a newer Kubernetes:
 *
 *   dir=$(mktemp -d) && (cd "$dir" && npm pack @kubernetes/client-node && tar xzf kubernetes-client-node-*.tgz)
 *   bun test/deploy/schemas/generate-kubernetes.ts "$dir/package" && rm -rf "$dir"
 *
 * Each model gives its fields (JSON name, type, format) in `attributeTypeMap` (the .js) and
 * which are required (no `?`) in its class declaration (the .d.ts). Mapped as the API reads
 * them: int32/int64 numbers are integers, IntOrString and quantities (which the models type
 * as strings) take either, Date is an RFC 3339 string, `any` is anything.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** the kinds deploy/k8s uses, by apiVersion and kind, and their model */
const KINDS: Record<string, string> = {
  'v1/Namespace': 'V1Namespace',
  'v1/Service': 'V1Service',
  'apps/v1/Deployment': 'V1Deployment',
  'batch/v1/Job': 'V1Job',
  'policy/v1/PodDisruptionBudget': 'V1PodDisruptionBudget',
  'networking.k8s.io/v1/Ingress': 'V1Ingress',
  'networking.k8s.io/v1/NetworkPolicy': 'V1NetworkPolicy',
}

/** fields that are resource.Quantity in the API (a string or a number), typed `string` by the models */
const QUANTITIES = new Set([
  'V1ResourceRequirements.limits',
  'V1ResourceRequirements.requests',
  'V1VolumeResourceRequirements.limits',
  'V1VolumeResourceRequirements.requests',
  'V1EmptyDirVolumeSource.sizeLimit',
  'V1PodSpec.overhead',
])

type Schema = Record<string, unknown>
interface Attribute {
  name: string
  baseName: string
  type: string
  format: string
}

const pkgDir = process.argv[2]
if (!pkgDir)
  throw new Error(
    'usage: bun test/deploy/schemas/generate-kubernetes.ts <unpacked @kubernetes/client-node>',
  )
const models = join(pkgDir, 'dist/gen/models')
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as {
  name: string
  version: string
}
const specVersion =
  /OpenAPI spec version: (\S+)/.exec(readFileSync(join(models, 'V1Deployment.js'), 'utf8'))?.[1] ??
  'unknown'

function attributes(model: string): Attribute[] {
  const js = readFileSync(join(models, `${model}.js`), 'utf8')
  const m = new RegExp(`${model}\\.attributeTypeMap = (\\[[\\s\\S]*?\\n\\]);`).exec(js)
  if (!m) throw new Error(`no attributeTypeMap in ${model}.js`)
  return JSON.parse(m[1]) as Attribute[]
}

/** the TypeScript names of the fields the class declares without `?` */
function requiredNames(model: string): Set<string> {
  const dts = readFileSync(join(models, `${model}.d.ts`), 'utf8')
  const body = dts.slice(dts.indexOf(`export declare class ${model}`))
  return new Set([...body.matchAll(/^ {4}'([^']+)': /gm)].map((m) => m[1]))
}

const definitions: Record<string, Schema> = {}
const pending: string[] = []

function typeSchema(type: string, format: string, field: string): Schema {
  if (QUANTITIES.has(field)) {
    const quantity = { anyOf: [{ type: 'string' }, { type: 'number' }] }
    return type.startsWith('{') ? { type: 'object', additionalProperties: quantity } : quantity
  }
  const array = /^Array<(.+)>$/.exec(type)
  if (array) return { type: 'array', items: typeSchema(array[1], '', field) }
  const map = /^\{ \[key: string\]: (.+); \}$/.exec(type)
  if (map) return { type: 'object', additionalProperties: typeSchema(map[1], '', field) }
  switch (type) {
    case 'string':
      return { type: 'string' }
    case 'Date':
      return { type: 'string', format: 'date-time' }
    case 'boolean':
      return { type: 'boolean' }
    case 'number':
      return { type: format === 'double' || format === 'float' ? 'number' : 'integer' }
    case 'IntOrString':
      return { anyOf: [{ type: 'integer' }, { type: 'string' }] }
    case 'any':
      return {}
  }
  if (!/^[A-Z]\w+$/.test(type)) throw new Error(`unknown type ${type} of ${field}`)
  if (!(type in definitions) && !pending.includes(type)) pending.push(type)
  return { $ref: `#/definitions/${type}` }
}

function define(model: string, root?: { apiVersion: string; kind: string }) {
  const required = requiredNames(model)
  const properties: Record<string, Schema> = {}
  const requiredJson: string[] = []
  for (const a of attributes(model)) {
    // a manifest states what it wants: what the cluster reports is not for it to write
    if (root && a.baseName === 'status') continue
    properties[a.baseName] = typeSchema(a.type, a.format, `${model}.${a.baseName}`)
    if (required.has(a.name)) requiredJson.push(a.baseName)
  }
  if (root) {
    properties.apiVersion = { const: root.apiVersion }
    properties.kind = { const: root.kind }
    requiredJson.push('apiVersion', 'kind', 'metadata')
  }
  definitions[model] = {
    type: 'object',
    properties,
    required: [...new Set(requiredJson)],
    additionalProperties: false,
  }
}

const kinds: Record<string, string> = {}
for (const [key, model] of Object.entries(KINDS)) {
  const at = key.lastIndexOf('/')
  const apiVersion = key.slice(0, at),
    kind = key.slice(at + 1)
  kinds[`${apiVersion} ${kind}`] = model
  define(model, { apiVersion, kind })
}
while (pending.length > 0) {
  const model = pending.shift()!
  if (!(model in definitions)) define(model)
}

const out = {
  $comment: `Generated by test/deploy/schemas/generate-kubernetes.ts from ${pkg.name} ${pkg.version} (Kubernetes OpenAPI ${specVersion}); do not edit.`,
  kinds,
  definitions: Object.fromEntries(Object.entries(definitions).sort(([a], [b]) => (a < b ? -1 : 1))),
}
writeFileSync(join(import.meta.dir, 'kubernetes.json'), `${JSON.stringify(out, null, 1)}\n`)
console.log(`${Object.keys(definitions).length} definitions for ${Object.keys(kinds).length} kinds`)
