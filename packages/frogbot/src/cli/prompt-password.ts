/**
 * Asks for a password on the terminal without showing what is typed. Resolves with the line, or
 * rejects when the user presses Ctrl-C or Ctrl-D. Only call it when `process.stdin.isTTY`.
 */
export function promptHidden(question: string): Promise<string> {
  const input = process.stdin
  const output = process.stderr
  output.write(question)
  return new Promise((resolve, reject) => {
    let value = ''
    const finish = (error: Error | null) => {
      input.off('data', onData)
      input.setRawMode(false)
      input.pause()
      output.write('\n')
      if (error) reject(error)
      else resolve(value)
    }
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish(null)
        if (char === '\u0003' || char === '\u0004') return finish(new Error('cancelled'))
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1)
        else if (char >= ' ') value += char
      }
    }
    input.setRawMode(true)
    input.resume()
    input.on('data', onData)
  })
}

/**
 * The password for `frogbot users create|password`: `--password`, else `FROGBOT_PASSWORD`, else
 * asked twice on the terminal (nothing echoed). `null` when none is given and there is no terminal.
 */
export async function passwordFrom(option: string | undefined, env: NodeJS.ProcessEnv, { required }: { required: boolean }): Promise<string | null> {
  if (option !== undefined) return option
  if (env.FROGBOT_PASSWORD) return env.FROGBOT_PASSWORD
  if (!process.stdin.isTTY) return null
  const first = await promptHidden(required ? 'Password: ' : 'Password (empty for none, API tokens only): ')
  if (first === '' && !required) return null
  const second = await promptHidden('Repeat the password: ')
  if (first !== second) throw new Error('the two passwords differ; nothing was changed')
  return first
}
