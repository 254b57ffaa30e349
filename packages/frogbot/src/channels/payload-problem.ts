/**
 * The first problem a schema found in a webhook payload, for the `400` that refuses it and the
 * log: `<field>: <rule>`, the field as its dotted path in the payload (`comment.user.login`,
 * `agentSession.id`), or `the body` when the payload itself is wrong, and the rule as the schema
 * says it (`must be a GitHub login`). `error` is a schema's failure (zod's `ZodError`, or anything
 * with its `issues`); it holds at least one issue. GitHub's and Linear's unreadable payloads.
 */
export function payloadProblem(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const [issue] = error.issues
  return `${issue.path.join('.') || 'the body'}: ${issue.message}`
}
