/**
 * The deployment commands as docs/deployment.md gives them: the shell lines between
 * `<!-- deploy:start -->` and `<!-- deploy:end -->`, in order, without comments. The deployment
 * test runs them; the Dockerfile test holds the image to them.
 */
import fs from 'node:fs'
import path from 'node:path'

export const DEPLOYMENT_DOC = path.resolve(import.meta.dirname, '../docs/deployment.md')

export function deploymentCommands(markdown = fs.readFileSync(DEPLOYMENT_DOC, 'utf8')): string[] {
  const section = /<!-- deploy:start -->([\s\S]*?)<!-- deploy:end -->/.exec(markdown)?.[1]
  if (!section)
    throw new Error('docs/deployment.md has no <!-- deploy:start --> … <!-- deploy:end --> block')
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((match) =>
    match[1]!
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  )
}
