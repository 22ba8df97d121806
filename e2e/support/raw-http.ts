import fs from 'node:fs';
import net from 'node:net';

/**
 * HTTP over a raw socket, for what fetch clients cannot send: bodies that lie about their size, duplicate
 * headers, malformed percent-encoding, uploads that go on after the server has answered.
 */
export type RawAnswer = { status: number; head: string; body: string };

export function connect(baseURL: string): net.Socket {
  const { hostname, port } = new URL(baseURL);
  return net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
}

/** Writes `head`, lets `send` write a body, and resolves with the first complete answer. */
export function rawRequest(
  baseURL: string,
  head: string,
  send: (socket: net.Socket) => void = () => {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(baseURL);
    let received = '';
    const done = () => {
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (!match) return reject(new Error(`no HTTP answer: ${received.slice(0, 200)}`));
      const [headPart = '', bodyPart = ''] = Buffer.from(received, 'latin1').toString('utf8').split('\r\n\r\n');
      resolve({ status: Number(match[1]), head: headPart, body: bodyPart });
      socket.destroy();
    };
    socket.setTimeout(20_000, () => done());
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      // One complete answer is enough; the server may keep the connection open.
      if (/\r\n\r\n[\s\S]*\}\s*$/.test(received) || /\r\n0\r\n\r\n$/.test(received) || /<\/html>\s*$/.test(received))
        done();
    });
    socket.on('error', () => (received ? done() : reject(new Error('connection failed'))));
    socket.on('close', () => received && done());
    socket.write(head);
    send(socket);
  });
}

/** The pid of the process listening on `port` on this machine (the server under test), from /proc. */
export function listeningPid(port: number): number {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns[1]?.endsWith(hexPort) && columns[3] === '0A') inodes.add(`socket:[${columns[9]}]`);
    }
  }
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readdirSync(`/proc/${pid}/fd`).some((fd) => inodes.has(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))))
        return Number(pid);
    } catch {
      // a process that ended meanwhile, or one we may not look into
    }
  }
  throw new Error(`no process listens on port ${port}`);
}

export const residentBytes = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
