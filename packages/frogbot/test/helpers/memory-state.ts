/**
 * A piece's channel state kept in a map, for unit tests of the kit's modules that keep values in
 * it: `get`, `set` (with its time to keep, recorded in `ttls`) and `delete`; `writes()` counts the
 * `set`s.
 */
export function memoryState() {
  const values = new Map<string, unknown>()
  const ttls = new Map<string, number | undefined>()
  let writes = 0
  return {
    values,
    ttls,
    writes: () => writes,
    get: async <T>(key: string) => (values.get(key) ?? null) as T | null,
    set: async (key: string, value: unknown, ttlMs?: number) => {
      writes++
      values.set(key, value)
      ttls.set(key, ttlMs)
    },
    delete: async (key: string) => {
      values.delete(key)
    }
  }
}
