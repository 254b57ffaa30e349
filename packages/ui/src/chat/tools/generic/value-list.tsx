import { humanize } from './schema-fields.ts'

/**
 * A JSON value for people: an object as labelled rows, an array as a list, text as text; `label`
 * names the whole for assistive technology.
 */
export function ValueList({ value, label }: { value: unknown; label: string }) {
  if (value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0)) return null
  return (
    <div className="fb-values" role="group" aria-label={label}>
      <Value value={value} />
    </div>
  )
}

function Value({ value }: { value: unknown }) {
  if (Array.isArray(value)) {
    return (
      <ul className="fb-value-list">
        {value.map((item, index) => (
          <li key={index}>
            <Value value={item} />
          </li>
        ))}
      </ul>
    )
  }
  if (value && typeof value === 'object') {
    return (
      <dl className="fb-answers">
        {Object.entries(value).map(([key, item]) => (
          <div key={key} className="fb-answer-row">
            <dt>{humanize(key)}</dt>
            <dd>
              <Value value={item} />
            </dd>
          </div>
        ))}
      </dl>
    )
  }
  return <>{typeof value === 'string' ? value : JSON.stringify(value)}</>
}
