// Every figure of the suite, in the order they run and print.
import type { Figure } from '../figure.ts'
import { postgresLatency, sqliteLatency } from './in-process-latency.ts'
import { postgresStatements, sqliteStatements } from './statements.ts'
import { httpLatency } from './http-latency.ts'
import { throughput } from './throughput.ts'
import { postgresRace, sqliteRace } from './race.ts'
import { coldStart } from './cold-start.ts'
import { postgresFootprint, sqliteFootprint } from './footprint.ts'
import { langgraphPostgres, langgraphSqlite } from './langgraph.ts'
import { approvalSqlite } from './approval.ts'
import { postgresScale } from './scale.ts'
import { longChatSqlite } from './long-chat.ts'

/** The suite's figures. */
export const FIGURES: Figure[] = [sqliteLatency, postgresLatency, httpLatency, throughput, sqliteStatements, postgresStatements, sqliteRace, postgresRace, coldStart, sqliteFootprint, postgresFootprint, approvalSqlite, longChatSqlite, langgraphSqlite, langgraphPostgres, postgresScale]
