/** A JSON Schema node, as far as the generic form reads it. */
type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  title?: string
  description?: string
  minimum?: number
  maximum?: number
  maxLength?: number
  minLength?: number
  format?: string
  default?: unknown
  enumNames?: string[]
}

/**
 * One field of the generic client tool form, read from the tool's output JSON Schema:
 * `text`, `number` (`integer` for whole numbers), `boolean`, `choice` (a string enum), `choices`
 * (an array of a string enum), `list` (an array of strings, one per line) or `json` (anything
 * else, typed as JSON).
 */
export type SchemaField = {
  key: string
  label: string
  description?: string
  required: boolean
  kind: 'text' | 'number' | 'integer' | 'boolean' | 'choice' | 'choices' | 'list' | 'json'
  options?: string[]
  /** The title shown for an option, where the schema gives one (`oneOf: [{ const, title }]`, `enumNames`). */
  optionLabels?: Record<string, string>
  minimum?: number
  maximum?: number
  maxLength?: number
  minLength?: number
  /** A string's `format`: `email`, `uri`, `date` or `date-time` pick the input's type. */
  format?: string
  /** The schema's `default`, the field's starting value. */
  initial?: FieldValue
}

/** A field's value while the person edits it: text for most kinds, a flag, or the chosen options. */
export type FieldValue = string | boolean | string[]

/**
 * The fields of an object schema, one per property; `null` when the output is not an object with
 * properties (the form then asks for the whole output as JSON).
 */
export function schemaFields(schema: unknown): SchemaField[] | null {
  const root = unwrap(schema as JsonSchema | undefined)
  if (!root || typeOf(root) !== 'object' || !root.properties || Object.keys(root.properties).length === 0) return null
  const required = new Set(root.required ?? [])
  return Object.entries(root.properties).map(([key, property]) => field(key, unwrap(property) ?? {}, required.has(key)))
}

function field(key: string, schema: JsonSchema, required: boolean): SchemaField {
  const initial = initialOf(schema.default)
  const base = { key, label: schema.title ?? humanize(key), required, ...(schema.description ? { description: schema.description } : {}), ...(initial === undefined ? {} : { initial }) }
  const options = stringOptions(schema)
  if (options) return { ...base, kind: 'choice', options, ...labelsOf(schema) }
  switch (typeOf(schema)) {
    case 'string':
      return {
        ...base,
        kind: 'text',
        ...(schema.maxLength !== undefined ? { maxLength: schema.maxLength } : {}),
        ...(schema.minLength !== undefined ? { minLength: schema.minLength } : {}),
        ...(schema.format ? { format: schema.format } : {})
      }
    case 'number':
    case 'integer':
      return { ...base, kind: typeOf(schema) as 'number' | 'integer', minimum: schema.minimum, maximum: schema.maximum }
    case 'boolean':
      return { ...base, kind: 'boolean' }
    case 'array': {
      const items = unwrap(schema.items) ?? {}
      const itemOptions = stringOptions(items)
      if (itemOptions) return { ...base, kind: 'choices', options: itemOptions, ...labelsOf(items) }
      if (typeOf(items) === 'string') return { ...base, kind: 'list' }
      return { ...base, kind: 'json' }
    }
    default:
      return { ...base, kind: 'json' }
  }
}

/** The starting value of each field: its schema's `default`, else empty text, `false`, no options. */
export function initialValues(fields: SchemaField[]): Record<string, FieldValue> {
  return Object.fromEntries(fields.map((f) => [f.key, f.initial ?? (f.kind === 'boolean' ? false : f.kind === 'choices' ? [] : '')]))
}

/** A schema's `default` as a field value (numbers as text), or `undefined` when it has none the form can show. */
function initialOf(value: unknown): FieldValue | undefined {
  if (typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) return value as string[]
  return undefined
}

/** The titles of a schema's options (`oneOf`/`anyOf` of `{ const, title }`, or the legacy `enumNames`), when it has any. */
function labelsOf(schema: JsonSchema): { optionLabels?: Record<string, string> } {
  const variants = schema.oneOf ?? schema.anyOf
  const labels: Record<string, string> = {}
  if (variants) for (const variant of variants) if (typeof variant.const === 'string' && variant.title) labels[variant.const] = variant.title
  if (Array.isArray(schema.enum) && Array.isArray(schema.enumNames)) schema.enum.forEach((value, at) => schema.enumNames![at] && (labels[String(value)] = schema.enumNames![at]))
  return Object.keys(labels).length > 0 ? { optionLabels: labels } : {}
}

/**
 * The values of the fields for an existing object (an approval's tool input, to edit): numbers as
 * text, a list one item per line, anything the fields cannot show as JSON; missing keys start empty.
 */
export function valuesOf(fields: SchemaField[], value: unknown): Record<string, FieldValue> {
  const record = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  const values = initialValues(fields)
  for (const f of fields) {
    const item = record[f.key]
    if (item === undefined || item === null) continue
    if (f.kind === 'boolean') values[f.key] = item === true
    else if (f.kind === 'choices') values[f.key] = Array.isArray(item) ? item.filter((entry): entry is string => typeof entry === 'string') : []
    else if (f.kind === 'list' && Array.isArray(item) && item.every((entry) => typeof entry === 'string')) values[f.key] = item.join('\n')
    else if (f.kind === 'json' || f.kind === 'list' || typeof item === 'object') values[f.key] = JSON.stringify(item, null, 2)
    else values[f.key] = String(item)
  }
  return values
}

/**
 * The tool output from the form's values: empty optional fields are left out; a number or JSON
 * field that does not parse, or an empty required field, is reported by its label (`error`) and its
 * key (`field`).
 */
export function fieldsOutput(fields: SchemaField[], values: Record<string, FieldValue>): { output: Record<string, unknown> } | { error: string; field: string } {
  const output: Record<string, unknown> = {}
  for (const f of fields) {
    const value = values[f.key]
    if (f.kind === 'boolean') {
      output[f.key] = value === true
      continue
    }
    if (f.kind === 'choices') {
      const chosen = Array.isArray(value) ? value : []
      if (chosen.length === 0 && f.required) return { error: `${f.label}: choose at least one.`, field: f.key }
      if (chosen.length > 0 || f.required) output[f.key] = chosen
      continue
    }
    const text = typeof value === 'string' ? value.trim() : ''
    if (text === '') {
      if (f.required) return { error: `${f.label}: required.`, field: f.key }
      continue
    }
    if (f.kind === 'number' || f.kind === 'integer') {
      const number = Number(text)
      if (!Number.isFinite(number) || (f.kind === 'integer' && !Number.isInteger(number))) return { error: `${f.label}: enter a ${f.kind === 'integer' ? 'whole ' : ''}number.`, field: f.key }
      if (f.minimum !== undefined && number < f.minimum) return { error: `${f.label}: at least ${f.minimum}.`, field: f.key }
      if (f.maximum !== undefined && number > f.maximum) return { error: `${f.label}: at most ${f.maximum}.`, field: f.key }
      output[f.key] = number
    } else if (f.kind === 'list') {
      output[f.key] = text.split('\n').map((line) => line.trim()).filter(Boolean)
    } else if (f.kind === 'json') {
      try {
        output[f.key] = JSON.parse(text)
      } catch {
        return { error: `${f.label}: not valid JSON.`, field: f.key }
      }
    } else if (f.format === 'date-time') {
      // A browser's local date and time, sent as an ISO 8601 instant.
      const instant = new Date(text)
      if (Number.isNaN(instant.getTime())) return { error: `${f.label}: enter a date and time.`, field: f.key }
      output[f.key] = instant.toISOString()
    } else {
      output[f.key] = text
    }
  }
  return { output }
}

/** `fileName` and `file_name` become `File name`. */
export function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null')
  if (schema.type) return schema.type
  if (schema.properties) return 'object'
  return undefined
}

/** A nullable schema (`anyOf: [X, { type: 'null' }]`) as X. */
function unwrap(schema: JsonSchema | undefined): JsonSchema | undefined {
  const variants = schema?.anyOf ?? schema?.oneOf
  if (!schema || !variants) return schema
  const real = variants.filter((variant) => variant.type !== 'null')
  return real.length === 1 ? { ...real[0], title: schema.title ?? real[0].title, description: schema.description ?? real[0].description } : schema
}

function stringOptions(schema: JsonSchema): string[] | null {
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'string')) return schema.enum as string[]
  if (typeof schema.const === 'string') return [schema.const]
  const variants = schema.anyOf ?? schema.oneOf
  if (variants && variants.every((variant) => typeof variant.const === 'string')) return variants.map((variant) => variant.const as string)
  return null
}
