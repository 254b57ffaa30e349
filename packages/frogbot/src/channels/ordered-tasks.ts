/**
 * Tasks run one after another per key (FrogBot's piece kit): `run(key, task)` starts `task` once
 * every task queued before it under the same key has ended, succeeded or failed, and settles as
 * `task` does; tasks of different keys run side by side, and a key is forgotten once its last
 * task ended. What a listener hands on in the order its platform sent it (Discord's Gateway
 * messages, per channel), a failure not holding up what comes after it.
 */
export function orderedTasks() {
  const queues = new Map<string, Promise<unknown>>()
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const run = (queues.get(key) ?? Promise.resolve()).catch(() => {}).then(task)
    queues.set(key, run)
    const forget = () => void (queues.get(key) === run && queues.delete(key))
    run.then(forget, forget)
    return run
  }
}
