/**
 * A compare-and-set inside a chat transaction found the row changed (a call no longer pending, a
 * lease taken over). `withChat` retries the whole transaction, which reads the chat afresh.
 */
export class StoreConflict extends Error {
  constructor(message = 'the chat changed during the transaction') {
    super(message)
    this.name = 'StoreConflict'
  }
}

/**
 * `withChat` gave up: the chat kept changing (or the database kept refusing with transient errors)
 * through every attempt. The engine answers `409 write-conflict` (seed: "Answer over HTTP").
 */
export class StoreWriteConflict extends Error {
  constructor(attempts: number) {
    super(`the chat kept changing through ${attempts} attempts`)
    this.name = 'StoreWriteConflict'
  }
}
