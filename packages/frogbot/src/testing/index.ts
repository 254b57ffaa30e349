/**
 * `frogbot/testing`: what FrogBot's own tests use, for the tests of an app or a piece (Vitest, an
 * optional peer dependency of `frogbot`, is needed only here):
 * - scripted models: {@link scriptedModel}, {@link textStep}, {@link toolStep},
 *   {@link streamingModel}, {@link heldStep}, {@link mockModel}, and the seed's {@link colorQuestion};
 *   {@link promptedModel}, which asks {@link ASKED}'s questions when a message says `ask <name>`;
 * - databases: {@link sqliteTestDatabase}, {@link postgresTestDatabase}, {@link describeEachDatabase},
 *   {@link describePostgres}, {@link createTestDatabase}, {@link tempDir};
 * - a piece's setup: {@link configProblems};
 * - users and tokens: {@link createTestUser}, {@link createTestToken};
 * - a served FrogBot on 127.0.0.1: {@link serveFrogbot}, and {@link readAnswer};
 * - {@link pieceContract}: the suite every channel piece runs with its own stand-in of its platform,
 *   composed of named contracts ({@link questionsContract}, {@link webhookSecurityContract},
 *   {@link durabilityContract}, {@link approvalsContract});
 * - a stand-in of a platform: {@link standInServer} (a recorded API, failures on demand) and
 *   {@link signedDeliveries} (requests to FrogBot signed with the test's keys);
 */
export { colorQuestion, heldStep, KEPT_CALLS, mockModel, scripted, scriptedModel, streamingModel, textStep, toolStep } from './scripted-model.ts'
export { ASKED, type AskedQuestions, promptedModel } from './prompted-model.ts'
export { createTestDatabase, describePostgres, POSTGRES_ADMIN_URL, postgresAvailable, type TestDatabase } from './postgres.ts'
export { describeEachDatabase, type FreshDatabase, postgresTestDatabase, sqliteTestDatabase } from './test-databases.ts'
export { tempDir } from './temp-dir.ts'
export { configProblems } from './config-problems.ts'
export { createTestToken, createTestUser } from './test-users.ts'
export { readAnswer } from './read-answer.ts'
export { serveFrogbot, type ServedFrogbot } from './serve-frogbot.ts'
export { approvalsContract, durabilityContract, pieceContract, questionsContract, webhookSecurityContract } from './piece-contract.ts'
export { INVOICE, sendInvoice } from './piece-contract-approvals.ts'
export type { Delivery, DrawnCard, PieceContractDescriptor, Person } from './piece-contract-descriptor.ts'
export { type CallMatch, type InjectedFailure, type RecordedCall, signedDeliveries, type StandInAnswer, standInServer, type StandInRequest, type StandInServer } from './stand-in-server.ts'
