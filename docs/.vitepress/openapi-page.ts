// The HTTP API's endpoint reference is generated from the OpenAPI document the server serves at
// `GET /api/openapi.json` (itself generated from the handlers' Zod schemas): a FrogBot is created
// in a child process, asked for the document, and the document is written as Markdown into
// generated/openapi.md, which http/reference.md includes. Nothing is copied by hand.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

type Schema = {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  enum?: unknown[]
  const?: unknown
  additionalProperties?: boolean | Schema
  description?: string
  format?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  default?: unknown
}
type Operation = {
  summary: string
  operationId: string
  parameters?: { name: string; in: string; required: boolean; schema: Schema }[]
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> }
  security?: unknown[]
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>
}
/** The parts of an OpenAPI 3.1 document the page shows. */
export type OpenApiDocument = { openapi: string; info: { title: string; version: string; description?: string }; paths: Record<string, Record<string, Operation>> }

const DOCUMENT_SCRIPT = `
import { buildConfig, createDemoModel, createFrogbot, sqliteAdapter } from 'frogbot'
const config = buildConfig({ agents: [{ slug: 'docs', model: createDemoModel() }], db: sqliteAdapter({ filename: ':memory:' }) })
const frogbot = await createFrogbot(config, { log: () => {}, maintenanceIntervalMs: 0 })
const response = await frogbot.fetch(new Request('http://localhost/api/openapi.json'))
if (!response.ok) throw new Error('GET /api/openapi.json answered ' + response.status)
process.stdout.write(await response.text())
await frogbot.close()
`

/** The document `GET /api/openapi.json` answers, from this repository's `frogbot` package. */
export function loadOpenApiDocument(repoRoot: string): OpenApiDocument {
  const text = execFileSync(process.execPath, ['--conditions=frogbot-source', '--no-warnings', '--input-type=module', '-e', DOCUMENT_SCRIPT], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024
  })
  return JSON.parse(text) as OpenApiDocument
}

/** A JSON Schema written as a TypeScript-like type, for reading (`{ toolCallId: string; … }`). */
export function typeOf(schema: Schema | undefined, indent = ''): string {
  if (!schema || Object.keys(schema).length === 0) return 'unknown'
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  const union = schema.anyOf ?? schema.oneOf
  if (union) return [...new Set(union.map((member) => typeOf(member, indent)))].join(' | ')
  if (schema.allOf) return schema.allOf.map((member) => typeOf(member, indent)).join(' & ')
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  if (types.length > 1) return types.map((type) => typeOf({ ...schema, type }, indent)).join(' | ')
  switch (types[0]) {
    case 'string':
    case 'boolean':
    case 'null':
      return types[0]
    case 'number':
    case 'integer':
      return 'number'
    case 'array':
      return `${wrap(typeOf(schema.items, indent))}[]`
    case 'object':
    case undefined: {
      const properties = Object.entries(schema.properties ?? {})
      const extra = typeof schema.additionalProperties === 'object' ? typeOf(schema.additionalProperties, `${indent}  `) : null
      if (properties.length === 0) return extra ? `Record<string, ${extra}>` : types[0] ? 'object' : 'unknown'
      const inner = `${indent}  `
      const fields = properties.map(([name, value]) => `${inner}${name}${schema.required?.includes(name) ? '' : '?'}: ${typeOf(value, inner)}`)
      if (extra) fields.push(`${inner}[key: string]: ${extra}`)
      return `{\n${fields.join('\n')}\n${indent}}`
    }
    default:
      return String(types[0])
  }
}

function wrap(type: string): string {
  return type.includes(' | ') || type.includes(' & ') ? `(${type})` : type
}

function rules(schema: Schema): string {
  const parts: string[] = []
  if (schema.minLength !== undefined) parts.push(`at least ${schema.minLength} characters`)
  if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`)
  if (schema.minimum !== undefined) parts.push(`at least ${schema.minimum}`)
  if (schema.maximum !== undefined) parts.push(`at most ${schema.maximum}`)
  if (schema.default !== undefined) parts.push(`default \`${JSON.stringify(schema.default)}\``)
  return parts.join(', ')
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
const code = (text: string) => '`' + text.replace(/\s+/g, ' ') + '`'

/** The endpoint reference as Markdown: one section per operation, in the document's order. */
export function openApiMarkdown(document: OpenApiDocument): string {
  const out: string[] = [
    `Generated from \`GET /api/openapi.json\` (OpenAPI ${document.openapi}, ${document.info.title} ${document.info.version}) when the site is built.`,
    ''
  ]
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      out.push(`## \`${method.toUpperCase()} ${path}\` {#${operation.operationId}}`, '', operation.summary, '')
      out.push(operation.security && operation.security.length === 0 ? 'No sign-in needed.' : 'Authenticated: an API token (`Authorization: Bearer …`) or the session cookie.', '')
      if (operation.parameters?.length) {
        out.push('| Parameter | In | Type | Required |', '| - | - | - | - |')
        for (const parameter of operation.parameters) {
          const extra = rules(parameter.schema)
          out.push(`| \`${parameter.name}\` | ${parameter.in} | ${cell(code(typeOf(parameter.schema)))}${extra ? ` (${extra})` : ''} | ${parameter.required ? 'yes' : 'no'} |`)
        }
        out.push('')
      }
      const body = operation.requestBody?.content['application/json']?.schema
      if (body) {
        out.push(`Request body (\`application/json\`${operation.requestBody?.required ? '' : ', optional'}):`, '', '```ts', typeOf(body), '```', '')
      }
      out.push('| Status | Meaning | Body |', '| - | - | - |')
      const shapes: string[] = []
      for (const [status, response] of Object.entries(operation.responses)) {
        const types = Object.keys(response.content ?? {})
        out.push(`| \`${status}\` | ${cell(response.description)} | ${types.map((type) => `\`${type}\``).join(', ') || '—'} |`)
        const json = response.content?.['application/json']?.schema
        if (json && status.startsWith('2')) shapes.push(`// ${status}\n${typeOf(json)}`)
      }
      out.push('')
      if (shapes.length) out.push('<details><summary>Response shape</summary>', '', '```ts', shapes.join('\n\n'), '```', '', '</details>', '')
    }
  }
  return out.join('\n')
}

/** Generates `generated/openapi.md` beside this file from the server's document. */
export function writeOpenApiPage(repoRoot: string, here: string): void {
  const file = join(here, 'generated/openapi.md')
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, openApiMarkdown(loadOpenApiDocument(repoRoot)))
}
