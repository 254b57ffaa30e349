import type { FieldValue } from '../generic/schema-fields.ts'

/**
 * What a person has put on a waiting approval card so far (its draft, kept on the server with the
 * call so a reload, another tab or device finds it): what the card shows (`deciding`: Approve,
 * Deny and Edit; `denying`: the reason field; `editing`: the Edit form), the reason typed for a
 * denial, and the Edit form's values (the tool input's fields, as typed).
 */
export type ApprovalDraft = { mode: 'deciding' | 'denying' | 'editing'; reason: string; values?: Record<string, FieldValue> }

/** A card nobody has touched. */
export const emptyApprovalDraft: ApprovalDraft = { mode: 'deciding', reason: '' }

const MODES = new Set<string>(['deciding', 'denying', 'editing'])

/**
 * A saved draft as the card can use it: a known mode, the reason as text, and values that are
 * text, flags or lists of text; anything else (nothing saved, another card's JSON) is the empty draft.
 */
export function restoreApprovalDraft(saved: unknown): ApprovalDraft {
  const value = saved as Partial<ApprovalDraft> | null | undefined
  if (!value || typeof value !== 'object' || typeof value.mode !== 'string' || !MODES.has(value.mode)) return emptyApprovalDraft
  const reason = typeof value.reason === 'string' ? value.reason : ''
  const values =
    value.values && typeof value.values === 'object' && !Array.isArray(value.values)
      ? Object.fromEntries(
          Object.entries(value.values).filter(
            ([, item]) => typeof item === 'string' || typeof item === 'boolean' || (Array.isArray(item) && item.every((entry) => typeof entry === 'string'))
          )
        )
      : undefined
  return { mode: value.mode, reason, ...(values ? { values: values as Record<string, FieldValue> } : {}) }
}
