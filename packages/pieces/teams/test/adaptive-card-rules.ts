/**
 * What Teams refuses in a bot message's Adaptive Card (learn.microsoft.com, "Format your bot
 * messages": the message at most 100 KB as UTF-16; the Adaptive Cards schema 1.5): a message
 * bigger than `maxBytes`, a card of another version than 1.5 or without a body, an element of
 * a type the schema has not, an input without an id or with an id used twice, a choice set
 * without choices or with a choice whose title or value is not a string, an action that is not
 * `Action.Submit` or `Action.OpenUrl`. Returns each problem.
 */
export function adaptiveCardProblems(activity: { attachments?: { contentType?: string; content?: any }[] }, maxBytes = 100 * 1024): string[] {
  const problems: string[] = []
  const bytes = JSON.stringify(activity).length * 2
  if (bytes > maxBytes) problems.push(`the message is ${bytes} bytes, more than ${maxBytes}`)
  const ELEMENTS = new Set(['TextBlock', 'RichTextBlock', 'Container', 'ColumnSet', 'FactSet', 'Image', 'Input.ChoiceSet', 'Input.Text', 'ActionSet'])
  const ids = new Set<string>()
  for (const attachment of activity.attachments ?? []) {
    if (attachment.contentType !== 'application/vnd.microsoft.card.adaptive') continue
    const card = attachment.content
    if (card?.type !== 'AdaptiveCard' || card.version !== '1.5') problems.push('the card must be an AdaptiveCard of version 1.5')
    if (!Array.isArray(card?.body)) problems.push('the card has no body')
    for (const [index, element] of (card?.body ?? []).entries()) {
      const where = `body[${index}]`
      if (!ELEMENTS.has(element?.type)) problems.push(`${where}: unknown element type ${element?.type}`)
      if (element?.type === 'RichTextBlock' && !element.inlines?.every((run: any) => run?.type === 'TextRun' && typeof run.text === 'string')) problems.push(`${where}: inlines must be TextRuns with text`)
      if (String(element?.type).startsWith('Input.')) {
        if (typeof element.id !== 'string' || !element.id) problems.push(`${where}: an input needs an id`)
        else if (ids.has(element.id)) problems.push(`${where}: the id ${element.id} is used twice`)
        else ids.add(element.id)
      }
      if (element?.type === 'Input.ChoiceSet') {
        if (!Array.isArray(element.choices) || element.choices.length === 0) problems.push(`${where}: a choice set needs choices`)
        else if (!element.choices.every((choice: any) => typeof choice?.title === 'string' && typeof choice?.value === 'string')) problems.push(`${where}: every choice needs a string title and value`)
      }
    }
    for (const [index, action] of (card?.actions ?? []).entries()) {
      if (!['Action.Submit', 'Action.OpenUrl', 'Action.ShowCard'].includes(action?.type)) problems.push(`actions[${index}]: unknown action type ${action?.type}`)
      // Action.ShowCard shows a card in place (the approval card's Deny… and Edit… forms): its inputs share the card's ids.
      if (action?.type === 'Action.ShowCard') {
        if (action.card?.type !== 'AdaptiveCard' || !Array.isArray(action.card.body)) problems.push(`actions[${index}]: a shown card needs a body`)
        for (const [at, element] of (action.card?.body ?? []).entries()) {
          if (!ELEMENTS.has(element?.type)) problems.push(`actions[${index}].card.body[${at}]: unknown element type ${element?.type}`)
          if (String(element?.type).startsWith('Input.')) {
            if (typeof element.id !== 'string' || ids.has(element.id)) problems.push(`actions[${index}].card.body[${at}]: an input needs an id of its own`)
            else ids.add(element.id)
          }
        }
        if (!(action.card?.actions ?? []).every((inner: any) => inner?.type === 'Action.Submit')) problems.push(`actions[${index}]: a shown card's actions must be Action.Submit`)
      }
    }
  }
  return problems
}

/** Every text a person sees on a card (its text blocks' runs, choice titles, placeholders), one line each. */
export function cardText(card: any): string {
  const lines: string[] = []
  for (const element of card?.body ?? []) {
    if (element.type === 'RichTextBlock') lines.push(element.inlines.map((run: any) => run.text).join(''))
    if (element.type === 'TextBlock') lines.push(element.text)
    if (element.type === 'Input.ChoiceSet') lines.push(element.choices.map((choice: any) => choice.title).join(' | '))
  }
  return lines.join('\n')
}
