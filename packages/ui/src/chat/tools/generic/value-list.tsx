import { useId, useState } from 'react'
import { humanize } from './schema-fields.ts'

/** How deep a value is drawn, and how many entries of one object or array, before `…` stands for the rest. */
export const VALUE_MAX_DEPTH = 6
export const VALUE_MAX_ENTRIES = 50

/** How many characters (or lines) of a text value show before the rest is folded away ("Show all"). */
export const VALUE_FOLD_AT = 200
const VALUE_FOLD_LINES = 4

/**
 * A JSON value for people: an object as labelled rows, an array as a list, text as text; `label`
 * names the whole for assistive technology. Whatever nests deeper than {@link VALUE_MAX_DEPTH}
 * levels, or passes {@link VALUE_MAX_ENTRIES} entries, shows as `…`: a tool input or result can be
 * nested thousands of levels deep, and drawing all of it would crash the tab. A text longer than
 * {@link VALUE_FOLD_AT} characters or a few lines shows its beginning, with "Show all".
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
  if (typeof value === 'string') return <Text text={value} />
  return <>{String(value)}</>
}

function Text({ text }: { text: string }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const lines = text.split('\n')
  const long = text.length > VALUE_FOLD_AT || lines.length > VALUE_FOLD_LINES
  if (!long) return <span className="fb-value-text">{text}</span>
  const start = lines.slice(0, VALUE_FOLD_LINES).join('\n').slice(0, VALUE_FOLD_AT).trimEnd()
  return (
    <>
      <span id={id} className="fb-value-text">
        {open ? text : `${start}…`}
      </span>{' '}
      <button type="button" className="fb-button fb-button-link fb-fold-inline" aria-expanded={open} aria-controls={id} onClick={() => setOpen((value) => !value)}>
        {open ? 'Show less' : `Show all (${text.length.toLocaleString('en-US')} characters)`}
      </button>
    </>
  )
}
