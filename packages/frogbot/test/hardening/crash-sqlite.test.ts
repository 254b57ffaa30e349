import { describe } from 'vitest'
import { crashSuite } from './crash-suite.ts'

// kill -9 of `frogbot serve` processes sharing one SQLite file (see crash-suite.ts).
describe('crashes on SQLite', () => crashSuite('SQLite'))
