import { afterEach, it } from 'vitest'
import { APPROVAL_CASES } from './piece-contract-approvals.ts'
import { CONTRACT_CASES } from './piece-contract-cases.ts'
import type { PieceContractDescriptor } from './piece-contract-descriptor.ts'
import { type ContractWorld, contractWorld } from './piece-contract-world.ts'
import { describeEachDatabase, type FreshDatabase } from './test-databases.ts'

/** The suite on one kind of database; `fresh()` makes an empty one for each test, with a fresh stand-in. */
function contract<S extends { close: () => Promise<void> }>(descriptor: PieceContractDescriptor<S>, fresh: () => Promise<FreshDatabase>) {
  let world: ContractWorld<S> | null = null
  afterEach(async () => {
    const closing = world
    world = null
    await closing?.close()
  })
  for (const { title, run } of [...CONTRACT_CASES, ...(descriptor.decide ? APPROVAL_CASES : [])]) {
    it(title, async () => {
      world = await contractWorld(descriptor, fresh)
      await run(world, descriptor)
    })
  }
}

/**
 * The suite every channel piece runs with its own stand-in of its platform (see
 * {@link PieceContractDescriptor}), on SQLite files and on PostgreSQL (skipped with a notice when
 * PostgreSQL is down, a failure under `CI=true`), each test with a fresh database and stand-in:
 * a question asked, its card drawn once, a refused participant told while the question stays
 * open, the answer, the card replaced once with who answered, the continuation in the thread, a
 * second answer told it is settled; a web write refused; a restart that loses nothing; two
 * servers drawing and replacing each card once; forged, stale and replayed requests refused with
 * `401`, changing nothing; a card whose post failed drawn by a rescan; where the piece draws
 * approvals (its descriptor's `decide`), the approval cases. Call it at the top level of
 * a test file.
 */
export function pieceContract<S extends { close: () => Promise<void> }>(descriptor: PieceContractDescriptor<S>): void {
  describeEachDatabase(`the piece contract, ${descriptor.name}`, (fresh) => contract(descriptor, fresh))
}
