/**
 * A `400 bad-request` refusal in FrogBot's flat error shape (`{ error, code: 'bad-request' }`),
 * `message` saying what is wrong (a sentence, `Refused: …`): for a request whose signature holds
 * but whose body is not what the platform sends (not JSON, not its payload, a header it always
 * sends missing). The sibling of `unauthorized` (a request the piece does not trust).
 */
export function badRequest(message: string): Response {
  return Response.json({ error: message, code: 'bad-request' }, { status: 400 })
}
