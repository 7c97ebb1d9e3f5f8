/**
 * Sends bytes over a plain TCP socket and collects what comes back until the server closes
 * the connection or `timeoutMs` passes: for requests no HTTP client would send.
 */
export async function rawRequest(port: number, bytes: string, timeoutMs = 3000): Promise<string> {
  let received = ''
  return new Promise<string>((resolve) => {
    let done = false
    const finish = () => {
      if (done) return
      done = true
      clearTimeout(timer)
      resolve(received)
    }
    const timer = setTimeout(() => {
      socket.then((s) => s.end())
      finish()
    }, timeoutMs)
    const socket = Bun.connect({
      hostname: '127.0.0.1',
      port,
      socket: {
        open(s) {
          s.write(bytes)
        },
        data(_s, chunk) {
          received += new TextDecoder().decode(chunk)
        },
        close: finish,
        error: finish,
        connectError: finish,
      },
    }).catch(() => {
      finish()
      return { end() {} } as unknown as Bun.Socket
    })
  })
}

/** the status code of a raw HTTP response, or 0 when nothing came back */
export const statusOf = (response: string) =>
  Number(/^HTTP\/1\.[01] (\d{3})/.exec(response)?.[1] ?? 0)
