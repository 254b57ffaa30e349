import { describePostgres } from '../../src/testing/postgres.ts'
import { crashSuite } from './crash-suite.ts'

// kill -9 of `frogbot serve` processes sharing one PostgreSQL database (see crash-suite.ts).
describePostgres('crashes on PostgreSQL', () => crashSuite('PostgreSQL'))
