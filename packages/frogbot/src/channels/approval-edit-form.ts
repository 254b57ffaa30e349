import { editedInput, inputFields, invalidField } from './approval-cards.ts'

/**
 * An approval's Edit form (docs/agents/approvals.md, "In the pieces"): one text input per field of
 * the call's `original` input ({@link inputFields}, in order; a piece names each input by its
 * index, since a field's name may hold anything):
 * - `fields`: what the form shows, each field starting from its value (JSON for anything but text);
 * - `read(valueAt)`: the submitted form, `valueAt(index)` the text of field `index`'s input
 *   (`undefined`: not in the form, the field keeps its value): the whole edited `input`
 *   ({@link editedInput}), or the index of the `field` to show `problem` under (not JSON);
 * - `fieldOf(message)`: the index of the field a settle door's `invalid-input` message names
 *   ({@link invalidField}; the first field when none of them has that name), or `null` for a
 *   message that names no input field (the participant is told it otherwise).
 */
export function approvalEditForm(original: unknown) {
  const fields = inputFields(original)
  const indexOf = (name: string) => Math.max(0, fields.findIndex((field) => field.name === name))
  return {
    fields,
    read: (valueAt: (index: number) => string | undefined): { input: unknown } | { field: number; problem: string } => {
      const read = editedInput(original, Object.fromEntries(fields.map((field, index) => [field.name, valueAt(index)])))
      return 'problem' in read ? { field: indexOf(read.field), problem: read.problem } : read
    },
    fieldOf: (message: string): number | null => {
      const name = invalidField(message)
      return name === null ? null : indexOf(name)
    }
  }
}
