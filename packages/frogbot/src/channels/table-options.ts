import type { Setting } from './piece-settings.ts'

/**
 * The options a settings table gives a piece's factory (see `readSettings`): each row's `option`,
 * optional, a `string` (a `list` row: `string[]`). A piece's options type is then its table's, the
 * kit's `SettingOptions` (`instance`, `env`), and the options of its own:
 * `SettingOptions & TableOptions<typeof SETTINGS> & { userName?: string }`.
 */
export type TableOptions<T extends readonly Setting[]> = {
  [S in T[number] as S['option']]?: S extends { list: true } ? string[] : string
}
