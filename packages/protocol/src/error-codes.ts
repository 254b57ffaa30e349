/**
 * Every stable error `code` FrogBot answers with (the seed's "Answer over HTTP" table names most of
 * them; docs/http/errors.md lists each with its status). Safe to branch on in clients.
 */
export const ERROR_CODES = [
  'bad-request',
  'unauthorized',
  'invalid-credentials',
  'forbidden',
  'not-found',
  'method-not-allowed',
  'agent-not-found',
  'call-not-found',
  'invalid-output',
  'invalid-input',
  'already-settled',
  'already-voted',
  'channel-chat',
  'not-awaiting',
  'not-queued',
  'write-conflict',
  'tool-unavailable',
  'pending-calls',
  'turn-in-progress',
  'payload-too-large',
  'queue-full',
  'too-many-requests',
  'invalid-config',
  'model-error',
  'unavailable',
  'closed'
] as const

/** One of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number]
