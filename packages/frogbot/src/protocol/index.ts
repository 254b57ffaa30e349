/**
 * `frogbot/protocol`: the wire schemas and types of FrogBot's HTTP API, the same module as
 * `@frogbotai/protocol` (which browser apps install alone, without the server).
 */
export * from '@frogbotai/protocol'
