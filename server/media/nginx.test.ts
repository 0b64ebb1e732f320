/**
 * Uploads through the reference topology's proxy (deploy/nginx/app.conf): a picture larger than
 * the 64 KB every other route may send reaches the media library, a 200 MB upload is answered by
 * the server's own 413 once 20 MB have come (nginx passes the body on as it arrives), and a
 * declared size over the limit is refused by nginx before any of it is sent on.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startNginx, type RunningNginx } from '#scripts/nginx.ts'
import { STAFF_HEADER, streamUpload, testPicture } from '#server/test/media.ts'
import {
  emptySiteBuild,
  startServerProcess,
  outputTail,
  stopServerProcess,
  type ServerProcess,
} from '#server/test/server-process.ts'

const MB = 1024 * 1024

describe('uploads through nginx', () => {
  let server: ServerProcess
  let nginx: RunningNginx
  let buildDir: string
  let dataDir: string
  beforeAll(async () => {
    buildDir = emptySiteBuild()
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-media-'))
    server = await startServerProcess({
      env: {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        BUILD_DIR: buildDir,
        DATA_DIR: dataDir,
        TRUST_PROXY: '1',
      },
      command: [process.execPath, 'server/test/media-server.ts'],
    })
    nginx = await startNginx({ upstreams: [`127.0.0.1:${server.port}`] })
  }, 180_000)
  afterAll(async () => {
    await nginx?.stop()
    const code = server && (await stopServerProcess(server))
    for (const folder of [path.dirname(buildDir), dataDir])
      fs.rmSync(folder, { recursive: true, force: true })
    expect(code, outputTail(server)).toBe(0)
  }, 90_000)

  // nginx passes the Host without its port (as a site on port 80 or 443 has it).
  const staff = () => ({ [STAFF_HEADER]: 'staff-ada', origin: 'http://127.0.0.1' })

  it('passes a picture of more than 64 KB on to the media library', async () => {
    const bytes = await testPicture({ width: 1400, height: 1000, format: 'png' })
    expect(bytes.length).toBeGreaterThan(1 * MB)
    const form = new FormData()
    form.append('alt', 'The garden fence, freshly painted')
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'fence.png')
    const response = await fetch(`${nginx.url}/api/media`, {
      method: 'POST',
      body: form,
      headers: staff(),
    })
    expect(response.status).toBe(201)
    // Other routes keep the 64 KB limit.
    const contact = await fetch(`${nginx.url}/api/contact/`, {
      method: 'POST',
      body: JSON.stringify({ name: 'x'.repeat(100 * 1024) }),
      headers: { 'content-type': 'application/json' },
    })
    expect(contact.status).toBe(413)
  })

  it('passes a large upload to the back office’s library on to the server too, which answers it', async () => {
    const response = await fetch(`${nginx.url}/admin/api/media`, {
      method: 'POST',
      body: new Uint8Array(MB),
      headers: {
        origin: 'http://127.0.0.1',
        'sec-fetch-site': 'same-origin',
        'content-type': 'multipart/form-data; boundary=x',
      },
    })
    // Not nginx's 413: the back office's own answer to a request without a session.
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ message: 'Please sign in to the back office.' })
  })

  it("answers a 200 MB upload with the server's 413 once 20 MB have come", async () => {
    const answer = await streamUpload({
      port: nginx.port,
      path: '/api/media',
      headers: staff(),
      megabytes: 200,
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toMatchObject({
      message: 'The picture is larger than 20 MB, the most accepted.',
    })
    expect(answer.sent).toBeLessThan(40 * MB)
  })

  it('refuses a declared size over the limit at the proxy', async () => {
    const response = await fetch(`${nginx.url}/api/media`, {
      method: 'POST',
      body: new Uint8Array(40 * MB),
      headers: { ...staff(), 'content-type': 'multipart/form-data; boundary=x' },
    })
    expect(response.status).toBe(413)
  })
})
