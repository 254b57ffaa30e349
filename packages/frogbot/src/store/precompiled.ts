import type { Compilable, CompiledQuery, DialectAdapter, Kysely, QueryResult } from 'kysely'
import type { Database } from './database-schema.ts'

type Path = readonly (number | string)[]

/** Where a value of the arguments goes in a compiled query: its path (argument index, then list index or row column). */
class Slot {
  readonly path: Path
  constructor(path: Path) {
    this.path = path
  }
  toJSON(): never {
    throw new Error('precompiled: a value was turned into JSON while building; pass values to Kysely unchanged')
  }
  toString(): never {
    throw new Error('precompiled: a value was turned into text while building; pass values to Kysely unchanged')
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype

/** The stand-in of `value`: lists and rows (plain objects) keep their shape with a slot for each value, anything else is one slot. */
function standIn(value: unknown, path: Path, wholes: Map<object, Path>): unknown {
  let stand: unknown
  if (Array.isArray(value)) stand = value.map((item, index) => standIn(item, [...path, index], wholes))
  else if (isRecord(value)) stand = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, standIn(item, [...path, key], wholes)]))
  else return new Slot(path)
  wholes.set(stand as object, path)
  return stand
}

/** What a compiled query depends on besides the dialect: the lengths of lists and the columns of rows. */
function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(shapeOf).join(',')}]`
  if (isRecord(value)) return `{${Object.keys(value).join(',')}:${Object.values(value).map(shapeOf).join(',')}}`
  return ''
}

const valueAt = (args: readonly unknown[], path: Path) => path.reduce<unknown>((value, step) => (value as Record<string | number, unknown>)[step], args)

type Shape = { compiled: CompiledQuery; paths: (Path | null)[] }

const names = new Map<string, string>()

/**
 * The name of a PostgreSQL prepared statement for `sqlText` when it is the SQL of a precompiled
 * query (`frogbot_q<n>`, one per text in this process), `undefined` for any other: only
 * precompiled queries come in a bounded number of texts, worth keeping prepared on every connection.
 */
export const preparedName = (sqlText: string): string | undefined => names.get(sqlText)

/**
 * A query Kysely builds and compiles once per shape and dialect, then runs with new values:
 * building and compiling costs more JavaScript than running a small query. `build` gets stand-ins
 * for the arguments and must hand each value to Kysely unchanged (as a `where`, `set`, `values` or
 * `sql` value; no `JSON.stringify`, no arithmetic, no decision on a value): each becomes a
 * parameter. Lists and rows (plain objects) may be spread, mapped or passed to `values()`: their
 * lengths and columns are part of the shape; a list passed whole (a PostgreSQL array) stays one
 * parameter. `build` returns a query builder, or a raw `sql` query compiled with `compile(db)`.
 * Throws at the first run of a shape when a value did not reach the query as a parameter.
 */
export function precompiled<A extends unknown[], R>(build: (db: Kysely<Database>, ...args: A) => Compilable<R> | CompiledQuery<R>) {
  const byDialect = new WeakMap<DialectAdapter, Map<string, Shape>>()
  const compile = (db: Kysely<Database>, args: A): Shape => {
    const wholes = new Map<object, Path>()
    const standIns = args.map((arg, index) => standIn(arg, [index], wholes))
    const built = build(db, ...(standIns as A))
    const compiled = ('compile' in built ? built.compile() : built) as CompiledQuery
    const paths = compiled.parameters.map((parameter) => (parameter instanceof Slot ? parameter.path : typeof parameter === 'object' && parameter !== null ? (wholes.get(parameter) ?? null) : null))
    const reached = new Set(paths.filter((path) => path !== null).map((path) => path.join('.')))
    const missing = (value: unknown, path: Path): string | null => {
      if (reached.has(path.join('.'))) return null
      if (Array.isArray(value)) return value.map((item, index) => missing(item, [...path, index])).find((found) => found !== null) ?? null
      if (isRecord(value)) return Object.entries(value).map(([key, item]) => missing(item, [...path, key])).find((found) => found !== null) ?? null
      return path.join('.')
    }
    const lost = args.map((arg, index) => missing(arg, [index])).find((found) => found !== null)
    if (lost) throw new Error(`precompiled: the value at ${lost} did not reach the query as a parameter`)
    if (!names.has(compiled.sql)) names.set(compiled.sql, `frogbot_q${names.size + 1}`)
    return { compiled, paths }
  }
  return async (db: Kysely<Database>, ...args: A): Promise<QueryResult<R>> => {
    const adapter = db.getExecutor().adapter
    let shapes = byDialect.get(adapter)
    if (!shapes) byDialect.set(adapter, (shapes = new Map()))
    const key = args.map(shapeOf).join(';')
    let shape = shapes.get(key)
    if (!shape) shapes.set(key, (shape = compile(db, args)))
    const { compiled, paths } = shape
    const parameters = paths.map((path, index) => (path === null ? compiled.parameters[index] : valueAt(args, path)))
    return db.executeQuery<R>({ ...compiled, parameters } as CompiledQuery<R>)
  }
}
