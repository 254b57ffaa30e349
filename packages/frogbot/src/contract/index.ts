/**
 * The contract floor: the types that the config, the engine, the doors and the channel pieces
 * share, types only, beneath everything that uses them. Nothing here runs; nothing here imports
 * a folder of `src/`.
 *
 * The floors of `src/`, from the ground up; a folder imports only folders on floors below it:
 *  1. `contract/` (these types), `ids/` (random ids), `errors/` (FrogbotError)
 *  2. `store/`: the chat store, its migrations and dialects, the channel state
 *  3. `tools/`, `models/`: tool definitions and the question tool; providers and the demo model
 *  4. `auth/`: users, passwords, sessions, API tokens
 *  5. `agents/`: agent options, resolved agents and their tool sets
 *  6. `config/` (buildConfig and FrogbotOptions) beside `turns/` (the turn engine)
 *  7. `channels/` (the piece kit and how pieces reach the engine) beside `local/` (agents from code)
 *  8. `admin/`, `http/`: the admin chat's files and the HTTP API
 *  9. `frogbot.ts`, `frogbot-internals.ts`: the wiring
 * 10. `cli/`, `testing/`, `index.ts`: the command line, the test kit and the public seam
 */
export type * from './caller.ts'
export type * from './channel-state.ts'
export type * from './engine-events.ts'
export type * from './live-streams.ts'
export type * from './participant.ts'
export type * from './piece.ts'
export type * from './turns.ts'
