import { humanize } from './schema-fields.ts'

/** How deep a value is drawn, and how many entries of one object or array, before `…` stands for the rest. */
export const VALUE_MAX_DEPTH = 6
export const VALUE_MAX_ENTRIES = 50

/**
 * A JSON value for people: an object as labelled rows, an array as a list, text as text; `label`
 * names the whole for assistive technology. Whatever nests deeper than {@link VALUE_MAX_DEPTH}
 * levels, or passes {@link VALUE_MAX_ENTRIES} entries, shows as `…`: a tool input or result can be
 * nested thousands of levels deep, and drawing all of it would crash the tab.
 */
export function ValueList({ value, label }: { value: unknown; label: string }) {
  if (value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0)) return null
  return (
    <div className="fb-values" role="group" aria-label={label}>
      <Value value={value} depth={0} />
    </div>
  )
}

function More({ count }: { count?: number }) {
  return (
    <span className="fb-more" title={count === undefined ? 'Nested deeper than shown' : `${count} more not shown`}>
      …{count === undefined ? '' : ` and ${count} more`}
    </span>
  )
}

function Value({ value, depth }: { value: unknown; depth: number }) {
  if (value !== null && typeof value === 'object' && depth >= VALUE_MAX_DEPTH) return <More />
  if (Array.isArray(value)) {
    return (
      <ul className="fb-value-list">
        {value.slice(0, VALUE_MAX_ENTRIES).map((item, index) => (
          <li key={index}>
            <Value value={item} depth={depth + 1} />
          </li>
        ))}
        {value.length > VALUE_MAX_ENTRIES ? (
          <li>
            <More count={value.length - VALUE_MAX_ENTRIES} />
          </li>
        ) : null}
      </ul>
    )
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
    return (
      <dl className="fb-answers">
        {entries.slice(0, VALUE_MAX_ENTRIES).map(([key, item]) => (
          <div key={key} className="fb-answer-row">
            <dt>{humanize(key)}</dt>
            <dd>
              <Value value={item} depth={depth + 1} />
            </dd>
          </div>
        ))}
        {entries.length > VALUE_MAX_ENTRIES ? (
          <div className="fb-answer-row">
            <dt />
            <dd>
              <More count={entries.length - VALUE_MAX_ENTRIES} />
            </dd>
          </div>
        ) : null}
      </dl>
    )
  }
  return <>{typeof value === 'string' ? value : String(value)}</>
}
