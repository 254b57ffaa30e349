/**
 * Discord's rules for a message body that the stand-in refuses to break (discord.com/developers/docs:
 * Message "Create Message", Components reference): content at most 2000 characters and none
 * beside Components V2 (flag 1 << 15); at most 40 components in all and 4000 characters of text;
 * a row holds 1–5 buttons or one select; a button's label at most 80, a custom id at most 100
 * and unique in the message; a select 1–25 options, labels, values and descriptions at most 100,
 * `min_values` ≤ `max_values` ≤ its options, a placeholder at most 150.
 */
const IS_COMPONENTS_V2 = 1 << 15

type Node = Record<string, any>

const walk = (components: Node[], visit: (component: Node) => void) => {
  for (const component of components) {
    visit(component)
    if (Array.isArray(component.components)) walk(component.components, visit)
  }
}

/** What a message body breaks of Discord's rules, as messages (none: Discord would take it). */
export function componentProblems(body: Node): string[] {
  const problems: string[] = []
  const v2 = ((body.flags ?? 0) & IS_COMPONENTS_V2) !== 0
  const components: Node[] = Array.isArray(body.components) ? body.components : []
  if (typeof body.content === 'string' && body.content.length > 2000) problems.push('content is longer than 2000 characters')
  if (v2 && body.content) problems.push('a Components V2 message cannot have content')
  let count = 0
  let text = 0
  const ids = new Set<string>()
  walk(components, (component) => {
    count++
    if (component.type === 10) text += String(component.content ?? '').length
    if (component.custom_id !== undefined) {
      if (String(component.custom_id).length > 100) problems.push(`custom_id ${component.custom_id} is longer than 100`)
      if (ids.has(component.custom_id)) problems.push(`custom_id ${component.custom_id} is used twice`)
      ids.add(component.custom_id)
    }
    if (component.type === 1) {
      const children: Node[] = component.components ?? []
      const buttons = children.filter((child) => child.type === 2).length
      const selects = children.filter((child) => child.type === 3).length
      if (!((buttons >= 1 && buttons <= 5 && selects === 0) || (selects === 1 && buttons === 0))) problems.push('a row must hold 1–5 buttons or one select')
    }
    if (component.type === 2 && String(component.label ?? '').length > 80) problems.push(`a button label is longer than 80: ${component.label}`)
    if (component.type === 3) {
      const options: Node[] = component.options ?? []
      if (options.length < 1 || options.length > 25) problems.push('a select must have 1–25 options')
      for (const option of options) for (const field of ['label', 'value', 'description'] as const) if (option[field] !== undefined && String(option[field]).length > 100) problems.push(`an option ${field} is longer than 100`)
      if (new Set(options.map((option) => option.value)).size !== options.length) problems.push('option values must be unique')
      if ((component.min_values ?? 1) > (component.max_values ?? 1) || (component.max_values ?? 1) > options.length) problems.push('min_values ≤ max_values ≤ options')
      if (String(component.placeholder ?? '').length > 150) problems.push('a placeholder is longer than 150')
    }
  })
  if (v2 && count > 40) problems.push(`a message holds at most 40 components (${count})`)
  if (v2 && text > 4000) problems.push(`a message holds at most 4000 characters of text (${text})`)
  if (!v2 && components.some((component) => component.type !== 1)) problems.push('only rows go in a message without IS_COMPONENTS_V2')
  return problems
}

/** Text as Discord shows it: backslash escapes gone. */
export const unescaped = (text: string) => text.replace(/\\(.)/g, '$1')

/** What people read of a message: its content, or its text displays, one per line (escapes gone). */
export function shownText(body: Node): string {
  const texts: string[] = []
  walk(Array.isArray(body.components) ? body.components : [], (component) => {
    if (component.type === 10) texts.push(String(component.content ?? ''))
  })
  return unescaped([...(body.content ? [String(body.content)] : []), ...texts].join('\n'))
}

/** Every component of a message, nested ones too. */
export function componentsOf(body: Node): Node[] {
  const all: Node[] = []
  walk(Array.isArray(body.components) ? body.components : [], (component) => all.push(component))
  return all
}
