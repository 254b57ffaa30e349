import { approvalAnswer } from './approval-cards.ts'
import { approvalEditForm } from './approval-edit-form.ts'
import type { ReadAction } from './reading-action.ts'

/**
 * The ids of an approval card's controls where its buttons and inputs come back as one form (a
 * submit of every input by id, Microsoft Teams' `Action.Submit`): the buttons' `actionId`s, the
 * Deny form's `reason` and the Edit form's input of field `index` (`approvalEditForm`'s order).
 * Each starts `fbapproval_`, as Slack's approval blocks and actions do.
 */
export const APPROVAL_FORM_IDS = {
  approve: 'fbapproval_approve',
  deny: 'fbapproval_deny',
  edit: 'fbapproval_edit',
  reason: 'fbapproval_reason',
  field: (index: number) => `fbapproval_f${index}`
} as const

/**
 * What a submitted approval form asks of the call of `input` (`value`: the pressed button's
 * `actionId` and every input, by {@link APPROVAL_FORM_IDS}; an input that is not a string is not
 * in the form): Approve; Deny, with the reason typed; an Edit read field by field with
 * `approvalEditForm`, or the `invalid` notice of its field that is not JSON (`field`: its index, for
 * a platform that shows the problem on that input); `null` for a button that is none of an
 * approval's.
 */
export function approvalFormAction(input: unknown, value: Record<string, unknown>): ReadAction | null {
  const text = (key: string) => (typeof value[key] === 'string' ? value[key] : undefined)
  if (value.actionId === APPROVAL_FORM_IDS.approve) return { action: approvalAnswer({ kind: 'approve' }) }
  const reason = text(APPROVAL_FORM_IDS.reason)
  if (value.actionId === APPROVAL_FORM_IDS.deny) return { action: approvalAnswer({ kind: 'deny', reason }) }
  if (value.actionId !== APPROVAL_FORM_IDS.edit) return null
  const read = approvalEditForm(input).read((index) => text(APPROVAL_FORM_IDS.field(index)))
  if ('problem' in read) return { notice: { kind: 'invalid', message: read.problem, field: read.field } }
  return { action: approvalAnswer({ kind: 'edit', input: read.input }) }
}
