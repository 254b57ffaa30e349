import type { StandInUser } from './teams-stand-in.ts'

/** Teams users of the tests: Ada and Bob are FrogBot users (matched by their roster email); Eve is not. */
export const ADA: StandInUser = { id: '29:1ada-aad', name: 'Ada Lovelace', email: 'ada@example.com', aadObjectId: '00000000-0000-4000-8000-0000000000ad' }
export const BOB: StandInUser = { id: '29:1bob-aad', name: 'Bob Builder', email: 'bob@example.com', aadObjectId: '00000000-0000-4000-8000-0000000000b0' }
export const EVE: StandInUser = { id: '29:1eve-aad', name: 'Eve', email: 'eve@elsewhere.example', aadObjectId: '00000000-0000-4000-8000-0000000000e0' }
