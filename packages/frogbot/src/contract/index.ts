/**
 * The contract floor: the types that the config, the engine, the doors and the channel pieces
 * share, types only, beneath everything that uses them. Nothing here runs; nothing here imports
 * a folder of `src/`.
 *
 * The floors of `src/`, from the ground up; a folder imports only folders on floors below it
 * (and none on its own floor):
 *  1. `contract/` (these types), `ids/` (random ids), `errors/` (FrogbotError)
 *  2. `store/` (the chat store, migrations, dialects, the channel state), `tools/` (tools and the
 *     question tool), `models/` (providers, the demo model)
 *  3. `auth/` (users, passwords, sessions, API tokens), `agents/` (agent options, resolved agents
 *     and their tool sets), `telemetry/` (traces and metrics made of the engine's events)
 *  4. `config/` (buildConfig and FrogbotOptions), `turns/` (the turn engine)
 *  5. `channels/` (the piece kit, and how pieces reach the engine), `local/` (agents from the app's
 *     code), `admin/` (the admin chat's files)
 *  6. `http/` (the HTTP API)
 *  7. `frogbot-internals.ts` (what a FrogBot runs on), then `frogbot.ts` (the wiring) on it
 *  8. `cli/`, `testing/` (the command line, the test kit), `index.ts` (the public seam)
 */
export type * from './caller.ts'
export type * from './channel-state.ts'
export type * from './engine-events.ts'
export type * from './live-streams.ts'
export type * from './participant.ts'
export type * from './piece.ts'
export type * from './turns.ts'
