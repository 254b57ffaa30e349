// Every figure of the suite, in the order they run and print.
import type { Figure } from '../figure.ts'
import { postgresLatency, sqliteLatency } from './in-process-latency.ts'
import { postgresStatements, sqliteStatements } from './statements.ts'
import { httpLatency } from './http-latency.ts'

/** The suite's figures. */
export const FIGURES: Figure[] = [sqliteLatency, postgresLatency, httpLatency, sqliteStatements, postgresStatements]
