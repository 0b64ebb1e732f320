/** Prints the message on stderr and sets the exit code (2: the command was used wrongly). */
export function fail(message: string, code = 1): undefined {
  process.stderr.write(message + '\n')
  process.exitCode = code
  return undefined
}
