import { afterEach, it } from 'vitest'
import { APPROVAL_CASES } from './piece-contract-approvals.ts'
import { askAndAnswer, callFacts, type ContractCase, hiddenCharacters, refusedRequests, rescan, restart, twoServers, webWrite } from './piece-contract-cases.ts'
import type { PieceContractDescriptor } from './piece-contract-descriptor.ts'
import { type ContractWorld, contractWorld } from './piece-contract-world.ts'
import { describeEachDatabase, type FreshDatabase } from './test-databases.ts'

type StandIn = { close: () => Promise<void> }

/** `cases` on one kind of database; `fresh()` makes an empty one for each test, with a fresh stand-in. */
function runCases<S extends StandIn>(cases: ContractCase[], descriptor: PieceContractDescriptor<S>, fresh: () => Promise<FreshDatabase>) {
  let world: ContractWorld<S> | null = null
  afterEach(async () => {
    const closing = world
    world = null
    await closing?.close()
  })
  for (const { title, run } of cases) {
    it(title, async () => {
      world = await contractWorld(descriptor, fresh)
      await run(world, descriptor)
    })
  }
}

/** A named contract: its cases, run on SQLite files and on PostgreSQL (see {@link pieceContract}). */
const named =
  (name: string, cases: ContractCase[]) =>
  <S extends StandIn>(descriptor: PieceContractDescriptor<S>): void =>
    describeEachDatabase(`the ${name} contract, ${descriptor.name}`, (fresh) => runCases(cases, descriptor, fresh))

/**
 * The questions contract: a question asked, its card drawn once, a refused participant told while
 * the question stays open, the answer, the card replaced once with who answered, the continuation
 * in the thread, a second answer told it is settled; a web write refused; control and
 * bidi-override characters never drawn; a call with assignees and `expiresIn` says both on its card.
 */
export const questionsContract = named('questions', [askAndAnswer, webWrite, hiddenCharacters, callFacts])

/** The webhook security contract: forged, stale and replayed requests refused with `401`, changing nothing. */
export const webhookSecurityContract = named('webhook security', [refusedRequests])

/** The durability contract: a restart that loses nothing; two servers drawing and replacing each card once; a card whose post failed drawn by a rescan. */
export const durabilityContract = named('durability', [restart, twoServers, rescan])

/** The approvals contract, for a piece that draws approvals (its descriptor's `decide`): approve runs the tool once, deny continues, an edit the schema refuses is named, a quorum counts votes. */
export const approvalsContract = named('approvals', APPROVAL_CASES)

/**
 * The suite every channel piece runs with its own stand-in of its platform (see
 * {@link PieceContractDescriptor}), on SQLite files and on PostgreSQL (skipped with a notice when
 * PostgreSQL is down, a failure under `CI=true`), each test with a fresh database and stand-in:
 * the named contracts {@link questionsContract}, {@link webhookSecurityContract},
 * {@link durabilityContract}, and {@link approvalsContract} where the piece draws approvals (its
 * descriptor's `decide`). A piece may compose the named ones itself instead. Call it at the top
 * level of a test file.
 */
export function pieceContract<S extends StandIn>(descriptor: PieceContractDescriptor<S>): void {
  questionsContract(descriptor)
  webhookSecurityContract(descriptor)
  durabilityContract(descriptor)
  if (descriptor.decide) approvalsContract(descriptor)
}
