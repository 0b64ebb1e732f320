/**
 * npm run messages -- [--since <date>] [--csv] [--include-spam]
 * (node server/cli/messages.ts on a host): prints the stored contact messages, oldest first, with
 * their delivery state, in the columns of the back office's CSV download.
 */
import { messageColumns } from '#server/contact/export.ts'
import { listMessages, type MessageRow } from '#server/contact/repository.ts'
import { runRowsCommand, type RowsCommand } from './rows.ts'

export const messagesCommand: RowsCommand<MessageRow> = {
  name: 'messages',
  noun: 'contact messages',
  list: listMessages,
  columns: messageColumns,
}

if (import.meta.main) await runRowsCommand(messagesCommand, process.argv.slice(2))
